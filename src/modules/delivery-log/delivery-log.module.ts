import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { AttemptLogModule } from '../delivery/attempt-log/attempt-log.module.js';
import { FailuresModule } from '../delivery/failures/failures.module.js';
import { EventHistoryModule } from '../events/event-history.module.js';
import { SubscriptionStoreModule } from '../subscriptions/subscription-store.module.js';
import { CircuitController } from './circuit.controller.js';
import { DeliveryRequestReconstruction } from './delivery-log-request.js';
import { DeliveryLogController } from './delivery-log.controller.js';
import { DeliveryLogService } from './delivery-log.service.js';

/**
 * The read side of deliveries (role api): the attempt log (through the delivery module's
 * AttemptLog), and GET /v1/webhooks/{id}/circuit from the failure handling's shared circuit
 * state, and the stored event of a rebuilt request from the events module's EventHistory. It reads
 * the delivery module, which never reads it.
 */
@Module({
  imports: [AuthModule, FailuresModule, SubscriptionStoreModule, AttemptLogModule, EventHistoryModule],
  controllers: [DeliveryLogController, CircuitController],
  providers: [DeliveryLogService, DeliveryRequestReconstruction],
})
export class DeliveryLogModule {}
