import { Module } from '@nestjs/common';
import { PartitionMaintenanceModule } from '../../platform/database/partition-maintenance.module.js';
import { EgressModule } from '../../platform/egress/egress.module.js';
import { AttemptLogModule } from './attempt-log/attempt-log.module.js';
import { FailuresModule } from './failures/failures.module.js';
import { MatchingModule } from '../matching/matching.module.js';
import { SubscriptionStoreModule } from '../subscriptions/subscription-store.module.js';
import { AttemptWriter } from './dispatch/attempt-writer.js';
import { ConcurrencyReporter } from './dispatch/concurrency-reporter.js';
import { DeliveredCheck } from './dispatch/delivered-check.js';
import { DeliveryService } from './dispatch/delivery.service.js';
import { DeferralModule } from './dispatch/deferral.module.js';

/**
 * The dispatch flow of the delivery stage and the retry tiers (both run DeliveryService), with the
 * failure handling and the one RetryPolicy it decides with.
 */
@Module({
  imports: [
    MatchingModule,
    SubscriptionStoreModule,
    EgressModule,
    PartitionMaintenanceModule,
    FailuresModule,
    DeferralModule,
    AttemptLogModule,
  ],
  providers: [DeliveryService, AttemptWriter, ConcurrencyReporter, DeliveredCheck],
  exports: [DeliveryService, DeferralModule, AttemptWriter],
})
export class DeliveryModule {}
