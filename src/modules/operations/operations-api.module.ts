import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { IdempotencyModule } from '../idempotency/idempotency.module.js';
import { OperationsController } from './operations.controller.js';
import { OperationsCoreModule } from './operations-core.module.js';
import { RecoveriesController } from './recoveries/recoveries.controller.js';
import { RecoveriesService } from './recoveries/recoveries.service.js';
import { DeadLettersController, DeadLettersReader } from './redrives/dead-letters.controller.js';
import { RedrivesController } from './redrives/redrives.controller.js';

/** Role api: /v1/operations, /v1/webhooks/{id}/recoveries, /v1/dead-letters (list) and /redrives. */
@Module({
  imports: [OperationsCoreModule, AuthModule, IdempotencyModule],
  controllers: [OperationsController, RecoveriesController, RedrivesController, DeadLettersController],
  providers: [RecoveriesService, DeadLettersReader],
})
export class OperationsApiModule {}
