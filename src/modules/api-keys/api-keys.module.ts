import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { IdempotencyModule } from '../idempotency/idempotency.module.js';
import { ApiKeyManagement } from './api-key-management.js';
import { ApiKeysController } from './api-keys.controller.js';

/** Role api: API keys as a resource (create, list, revoke) over the auth module's storage. */
@Module({
  imports: [AuthModule, IdempotencyModule],
  controllers: [ApiKeysController],
  providers: [ApiKeyManagement],
})
export class ApiKeysModule {}
