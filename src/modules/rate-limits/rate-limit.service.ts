import { Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { AppConfig } from '../../platform/config/app-config.js';
import { RateLimitRepository } from './rate-limit.repository.js';

export interface RateLimitDecision {
  allowed: boolean;
  headers: Record<string, string>;
}

const PURGE_EVERY_MS = 5 * 60_000;

/** Per-key request budget: API_RATE_LIMIT_PER_MINUTE in each fixed minute window. */
@Injectable()
export class RateLimitService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('RateLimits');
  private purgeTimer?: NodeJS.Timeout;

  constructor(
    private readonly repository: RateLimitRepository,
    private readonly config: AppConfig,
  ) {}

  async consume(bucket: string): Promise<RateLimitDecision> {
    const limit = this.config.api.rateLimitPerMinute;
    const { hits, resetAt } = await this.repository.hit(bucket);
    const headers: Record<string, string> = {
      'X-RateLimit-Limit': String(limit),
      'X-RateLimit-Remaining': String(Math.max(0, limit - hits)),
      'X-RateLimit-Reset': String(resetAt),
    };
    if (hits <= limit) return { allowed: true, headers };
    const retryAfter = Math.max(1, resetAt - Math.floor(Date.now() / 1000));
    return { allowed: false, headers: { ...headers, 'Retry-After': String(retryAfter) } };
  }

  onModuleInit(): void {
    this.purgeTimer = setInterval(() => {
      this.repository.purgeBefore(5).catch((e: Error) => this.logger.warn(`purge failed: ${e.message}`));
    }, PURGE_EVERY_MS).unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.purgeTimer);
  }
}
