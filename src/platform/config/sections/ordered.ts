import type { Environment } from '../environment.js';

/** Ordered delivery's lane (docs/design/ordered-delivery.md). */
export interface OrderedSettings {
  /** ORDERED_CONCURRENCY: keys one instance sends at once. */
  readonly concurrency: number;
  /** ORDERED_POLL_MS: how often due keys are claimed and new entries settled. */
  readonly pollMs: number;
  /** ORDERED_LEASE_MS: how long a claimed key is held without renewal. */
  readonly leaseMs: number;
  /** ORDERED_KEY_RETENTION_DAYS: a key with nothing to send is forgotten after this. */
  readonly keyRetentionDays: number;
}

export function orderedSettings(env: Environment): OrderedSettings {
  return {
    concurrency: env.ORDERED_CONCURRENCY,
    pollMs: env.ORDERED_POLL_MS,
    leaseMs: env.ORDERED_LEASE_MS,
    keyRetentionDays: env.ORDERED_KEY_RETENTION_DAYS,
  };
}
