import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { IdempotencyModule } from '../idempotency/idempotency.module.js';
import { OperationsCoreModule } from '../operations/operations-core.module.js';
import { operationHandler, OperationHandlersModule } from '../operations/runner/operation-handler.js';
import { SubscriptionStoreModule } from '../subscriptions/subscription-store.module.js';
import { ReencryptionHandler } from './reencryption.handler.js';
import { ReencryptionsController } from './reencryptions.controller.js';

/** Role api: POST /v1/re-encryptions starts a key rotation's re-encryption (operator keys only). */
@Module({
  imports: [OperationsCoreModule, AuthModule, IdempotencyModule],
  controllers: [ReencryptionsController],
})
export class SecretsAtRestApiModule {}

/**
 * Role operations: the re-encryption's handler, beside every module whose table holds sealed
 * values (their sealed stores register as they load): subscriptions and idempotency today; a
 * feature that stores a new credential adds its module here.
 */
@Module({
  imports: [OperationHandlersModule, SubscriptionStoreModule, IdempotencyModule],
  providers: [...operationHandler(ReencryptionHandler)],
})
export class SecretsAtRestWorkModule {}
