import { Logger, Module, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { IdempotencyInterceptor } from './idempotency.interceptor.js';
import { IdempotencyRepository } from './idempotency.repository.js';
import { sealedStore } from '../../platform/crypto/sealed-stores.js';

const PURGE_EVERY_MS = 10 * 60_000;

/** Idempotency keys in Postgres, responses sealed at rest, purged once expired (IDEMPOTENCY_TTL_HOURS, 24-48 h). */
@Module({
  providers: [...sealedStore(IdempotencyRepository), IdempotencyInterceptor],
  exports: [IdempotencyInterceptor, IdempotencyRepository],
})
export class IdempotencyModule implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('Idempotency');
  private timer?: NodeJS.Timeout;

  constructor(private readonly repository: IdempotencyRepository) {}

  onModuleInit(): void {
    this.timer = setInterval(() => {
      this.repository
        .purgeExpired()
        .then((n) => n && this.logger.log(`purged ${n} expired idempotency key(s)`))
        .catch((e: Error) => this.logger.warn(`purge failed: ${e.message}`));
    }, PURGE_EVERY_MS).unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }
}
