import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ApiKeyEntity } from './api-key.entity.js';
import { ApiKeyGuard } from './api-key.guard.js';
import { ApiKeyMiddleware } from './api-key.middleware.js';
import { ApiKeysRepository } from './api-keys.repository.js';
import { ApiKeysService } from './api-keys.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([ApiKeyEntity])],
  providers: [ApiKeysRepository, ApiKeysService, ApiKeyGuard, ApiKeyMiddleware],
  exports: [ApiKeysService, ApiKeysRepository, ApiKeyGuard, ApiKeyMiddleware],
})
export class AuthModule {}
