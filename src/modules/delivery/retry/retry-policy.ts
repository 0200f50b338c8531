import { classifyResult, type ClassifiedResult } from './outcome-classification.js';
import { parseRetryAfter } from './retry-after.js';

/** What happens to a task after an attempt (or instead of one); decided only by RetryPolicy. */
export type NextStep =
  | { action: 'done' }
  /** Not retried: the endpoint is gone (410) or the target is refused by the egress policy. */
  | { action: 'stop'; reason: 'gone' | 'blocked' }
  | { action: 'retry'; topic: string; tier: string; dueAt: number }
  | { action: 'exhausted' }
  /** Not attempted and kept for a later recovery: the subscription is disabled. */
  | { action: 'park'; reason: 'disabled' };

export interface RetryTier {
  label: string;
  ms: number;
  topic: string;
}

export interface RetryPolicyOptions {
  /** The schedule: a failed attempt n waits in tier n (1-based). */
  tiers: RetryTier[];
  /** Up to this fraction of the tier's delay is added at random, so that a burst of failures does not come back as one. */
  jitterRatio: number;
  /** The longest wait a Retry-After header can impose. */
  retryAfterMaxMs: number;
  /**
   * Added to the wait after a timeout or a 429, which say the endpoint is overloaded rather than
   * broken (Svix adds such a penalty too): it gets longer to recover than the schedule gives. 0: none.
   */
  overloadPenaltyMs?: number;
  random?: () => number;
}

export interface AttemptResult extends ClassifiedResult {
  headers?: Record<string, string>;
}

/**
 * The retry policy in one place (Svix keeps it in one place too): which tier, when, or not at all.
 * Jitter only ever adds, so attempts are never closer together than the schedule says. A
 * Retry-After longer than the tier's delay is honoured up to retryAfterMaxMs and the longest tier's
 * delay, and the task travels in the shortest tier at least that long, so that its later due time
 * never holds up the records behind it in a shorter tier's partition.
 */
export class RetryPolicy {
  private readonly random: () => number;

  constructor(private readonly options: RetryPolicyOptions) {
    this.random = options.random ?? Math.random;
  }

  get tiers(): readonly RetryTier[] {
    return this.options.tiers;
  }

  /** The step after attempt number `attempt` ended with `result`. */
  next(attempt: number, result: AttemptResult, now: number): NextStep {
    switch (classifyResult(result)) {
      case 'success':
        return { action: 'done' };
      case 'blocked':
        return { action: 'stop', reason: 'blocked' };
      case 'gone':
        return { action: 'stop', reason: 'gone' };
      case 'throttled':
        return this.retry(
          attempt,
          now,
          parseRetryAfter(header(result.headers, 'retry-after'), now),
          this.penaltyAfter(result),
        );
      case 'retryable':
        return this.retry(attempt, now, undefined, this.penaltyAfter(result));
      case 'unauthenticated':
        return this.retry(attempt, now);
    }
  }

  /** The step for a task not attempted because its subscription's circuit is open: its next tier. */
  skip(attempt: number, now: number): NextStep {
    return this.retry(attempt, now);
  }

  /**
   * Where a task steps aside to when its subscription stalls, keeping its attempt count: the first
   * tier, then on each further deferral the next one, up to the third, so a subscription that stays
   * stalled is asked again less and less often. Undefined when there are no tiers.
   */
  deferral(deferrals: number, now: number): { topic: string; tier: string; dueAt: number } | undefined {
    const { tiers } = this.options;
    const tier = tiers[Math.min(deferrals, 2, tiers.length - 1)];
    if (!tier) return undefined;
    return {
      topic: tier.topic,
      tier: tier.label,
      dueAt: now + tier.ms + Math.floor(this.random() * this.options.jitterRatio * tier.ms),
    };
  }

  private penaltyAfter(result: AttemptResult): number {
    return result.outcome === 'timeout' || result.status === 429 ? (this.options.overloadPenaltyMs ?? 0) : 0;
  }

  /** `least`: the shortest wait the task may travel with; a longer one than the tier's moves it to a longer tier. */
  private retry(attempt: number, now: number, askedMs?: number, penaltyMs = 0): NextStep {
    const { tiers, jitterRatio, retryAfterMaxMs } = this.options;
    const index = attempt - 1;
    const tier = tiers[index];
    if (!tier) return { action: 'exhausted' };
    let least = tier.ms + penaltyMs;
    let delay = least + Math.floor(this.random() * jitterRatio * tier.ms);
    if (askedMs !== undefined && askedMs > delay) {
      // No tier is longer than the last: a task due later would hold up the others behind it there.
      const longest = tiers[tiers.length - 1].ms;
      delay = Math.max(least, Math.min(askedMs, retryAfterMaxMs, longest));
      least = delay;
    }
    const carrier = least > tier.ms ? (tiers.slice(index).find((t) => t.ms >= least) ?? tiers[tiers.length - 1]) : tier;
    return { action: 'retry', topic: carrier.topic, tier: carrier.label, dueAt: now + delay };
  }
}

function header(headers: Record<string, string> | undefined, name: string): string | undefined {
  if (!headers) return undefined;
  if (name in headers) return headers[name];
  const key = Object.keys(headers).find((k) => k.toLowerCase() === name);
  return key === undefined ? undefined : headers[key];
}
