import { Module, RequestMethod, type MiddlewareConsumer, type NestModule } from '@nestjs/common';
import { raiseDeferredError } from '../../platform/http/deferred-error.js';
import { ApiKeyMiddleware } from '../auth/api-key.middleware.js';
import { AuthModule } from '../auth/auth.module.js';
import { RateLimitMiddleware } from './rate-limit.middleware.js';
import { RateLimitRepository } from './rate-limit.repository.js';
import { RateLimitService } from './rate-limit.service.js';

/**
 * Postgres-backed limits, so every instance shares one count per key (no sticky sessions, no Redis).
 * The caller is resolved first, then counted, for every route but the health probes (metrics have
 * a listener of their own); errors found before routing are raised after that, so they carry the
 * rate-limit headers as well.
 */
@Module({
  imports: [AuthModule],
  providers: [RateLimitRepository, RateLimitService, RateLimitMiddleware],
  // Other budgets (URL verifications) count in the same windows.
  exports: [RateLimitRepository],
})
export class RateLimitsModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer
      .apply(ApiKeyMiddleware, RateLimitMiddleware, raiseDeferredError)
      .exclude({ path: 'health/{*path}', method: RequestMethod.ALL })
      .forRoutes({ path: '{*path}', method: RequestMethod.ALL });
  }
}
