import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { IdempotencyModule } from '../idempotency/idempotency.module.js';
import { OperationsController } from './operations.controller.js';
import { OperationsCoreModule } from './operations-core.module.js';
import { RecoveriesController } from './recoveries/recoveries.controller.js';
import { RecoveriesService } from './recoveries/recoveries.service.js';
import { RedrivesController } from './redrives/redrives.controller.js';

/** Role api: /v1/operations, /v1/webhooks/{id}/recoveries and /v1/dead-letters/redrives. */
@Module({
  imports: [OperationsCoreModule, AuthModule, IdempotencyModule],
  controllers: [OperationsController, RecoveriesController, RedrivesController],
  providers: [RecoveriesService],
})
export class OperationsApiModule {}
