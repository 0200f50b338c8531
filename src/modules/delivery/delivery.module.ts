import { Module } from '@nestjs/common';
import { PartitionMaintenanceModule } from '../../platform/database/partition-maintenance.module.js';
import { EgressModule } from '../../platform/egress/egress.module.js';
import { FailuresModule } from './failures/failures.module.js';
import { MatchingModule } from '../matching/matching.module.js';
import { AttemptWriter } from './dispatch/attempt-writer.js';
import { DeliveryService } from './dispatch/delivery.service.js';
import { RetryScheduler } from './retry/retry-scheduler.js';
import { TaskForwarder } from './dispatch/task-forwarder.js';

/** The delivery stage's services; the retry tiers (issue 5) reuse DeliveryService and RetryScheduler. */
@Module({
  imports: [MatchingModule, EgressModule, PartitionMaintenanceModule, FailuresModule],
  providers: [DeliveryService, AttemptWriter, RetryScheduler, TaskForwarder],
  exports: [DeliveryService, RetryScheduler, TaskForwarder],
})
export class DeliveriesModule {}
