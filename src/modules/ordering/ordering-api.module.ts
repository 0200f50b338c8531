import { Module } from '@nestjs/common';
import { AttemptLogModule } from '../delivery/attempt-log/attempt-log.module.js';
import { DeferralModule } from '../delivery/dispatch/deferral.module.js';
import { AuthModule } from '../auth/auth.module.js';
import { IdempotencyModule } from '../idempotency/idempotency.module.js';
import { SubscriptionStoreModule } from '../subscriptions/subscription-store.module.js';
import { OrderedKeysController } from './keys/ordered-keys.controller.js';
import { OrderedKeysService } from './keys/ordered-keys.service.js';
import { LaneKeysRepository } from './lane/lane-keys.repository.js';

/** Role api: an ordered subscription's keys, and the redrive or skip of a blocked key's head. */
@Module({
  imports: [AuthModule, IdempotencyModule, SubscriptionStoreModule, AttemptLogModule, DeferralModule],
  controllers: [OrderedKeysController],
  providers: [OrderedKeysService, LaneKeysRepository],
})
export class OrderingApiModule {}
