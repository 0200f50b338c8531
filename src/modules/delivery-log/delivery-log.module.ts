import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { FailuresModule } from '../delivery/failures/failures.module.js';
import { SubscriptionStoreModule } from '../subscriptions/subscription-store.module.js';
import { CircuitController } from './circuit.controller.js';
import { DeliveryRequestReconstruction } from './delivery-log-request.js';
import { DeliveryStatsRepository } from './delivery-log-stats.js';
import { DeliveryLogController } from './delivery-log.controller.js';
import { DeliveryLogRepository } from './delivery-log.repository.js';
import { DeliveryLogService } from './delivery-log.service.js';

/**
 * The read side of deliveries (role api): the attempt log, and GET /v1/webhooks/{id}/circuit from
 * the failure handling's shared circuit state. It reads the delivery module, which never reads it.
 */
@Module({
  imports: [AuthModule, FailuresModule, SubscriptionStoreModule],
  controllers: [DeliveryLogController, CircuitController],
  providers: [DeliveryLogService, DeliveryLogRepository, DeliveryStatsRepository, DeliveryRequestReconstruction],
})
export class DeliveryLogModule {}
