import { Injectable } from '@nestjs/common';
import { AppConfig } from '../../platform/config/app-config.js';
import { AppError } from '../../platform/errors/app-error.js';
import { counter } from '../../platform/telemetry/metrics.js';
import { RateLimitRepository } from '../rate-limits/rate-limit.repository.js';

const refused = counter(
  'hookline_verification_refused_total',
  'Verification challenges not sent because the tenant spent its budget (answered 429), by bound',
  ['bound'],
);

/**
 * Bounds the verification challenges a tenant makes Hookline send to URLs it names, so that
 * registration is no amplifier: at most VERIFICATION_CONCURRENCY at once (on this instance) and
 * VERIFICATION_RATE_PER_MINUTE per minute (counted in Postgres, across instances). Beyond either,
 * the registration answers 429 RATE_LIMITED with Retry-After, and nothing is sent.
 */
@Injectable()
export class VerificationBudget {
  private readonly inFlight = new Map<string, number>();

  constructor(
    private readonly counts: RateLimitRepository,
    private readonly config: AppConfig,
  ) {}

  /** At most this many of one tenant's challenges run at once here (a batch sizes its workers to it). */
  get concurrency(): number {
    return this.config.verification.concurrency;
  }

  /** Runs `challenge` within the tenant's budget, or throws RATE_LIMITED without running it. */
  async spend<T>(tenantId: string, challenge: () => Promise<T>): Promise<T> {
    const running = this.inFlight.get(tenantId) ?? 0;
    if (running >= this.concurrency) {
      refused.inc({ bound: 'concurrency' });
      throw limited(`at most ${this.concurrency} verification requests run at once per tenant`, 1);
    }
    this.inFlight.set(tenantId, running + 1);
    try {
      const { hits, resetAt } = await this.counts.hit(`verify:${tenantId}`);
      const perMinute = this.config.verification.ratePerMinute;
      if (hits > perMinute) {
        refused.inc({ bound: 'rate' });
        throw limited(`at most ${perMinute} verification requests a minute per tenant`, resetAt - Date.now() / 1000);
      }
      return await challenge();
    } finally {
      const left = (this.inFlight.get(tenantId) ?? 1) - 1;
      if (left > 0) this.inFlight.set(tenantId, left);
      else this.inFlight.delete(tenantId);
    }
  }
}

function limited(bound: string, retryAfterSeconds: number): AppError {
  const seconds = String(Math.max(1, Math.ceil(retryAfterSeconds)));
  return new AppError(
    'RATE_LIMITED',
    `Too many URL verifications: ${bound}. Retry after ${seconds} s; nothing was stored.`,
    [],
    { 'Retry-After': seconds },
  );
}
