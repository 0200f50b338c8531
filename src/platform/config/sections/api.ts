import type { Environment } from '../environment.js';
import { list } from './lists.js';

/** The REST API's keys and limits. */
export interface ApiSettings {
  /** API_KEYS: bootstrap tenant keys, for development and tests. */
  readonly bootstrapKeys: readonly { readonly tenant: string; readonly key: string }[];
  /** OPERATOR_API_KEYS. */
  readonly operatorKeys: readonly string[];
  /** API_RATE_LIMIT_PER_MINUTE: requests per key (or client address) in each one-minute window. */
  readonly rateLimitPerMinute: number;
  /** API_BODY_LIMIT, in bytes. */
  readonly bodyLimitBytes: number;
  /** IDEMPOTENCY_TTL_HOURS. */
  readonly idempotencyTtlHours: number;
  /** BATCH_MAX_ITEMS. */
  readonly batchMaxItems: number;
  /** PUBLISH_ACK_TIMEOUT_MS. */
  readonly publishAckTimeoutMs: number;
  /** MAX_SUBSCRIPTIONS_PER_TENANT. */
  readonly maxSubscriptionsPerTenant: number;
}

/** The budget of URL verification challenges. */
export interface VerificationSettings {
  /** VERIFICATION_RATE_PER_MINUTE, per tenant across instances. */
  readonly ratePerMinute: number;
  /** VERIFICATION_CONCURRENCY, per tenant and instance. */
  readonly concurrency: number;
}

export function apiSettings(env: Environment): ApiSettings {
  return {
    bootstrapKeys: list(env.API_KEYS).map((pair) => {
      const at = pair.indexOf(':');
      return { tenant: pair.slice(0, at), key: pair.slice(at + 1) };
    }),
    operatorKeys: list(env.OPERATOR_API_KEYS),
    rateLimitPerMinute: env.API_RATE_LIMIT_PER_MINUTE,
    bodyLimitBytes: env.API_BODY_LIMIT,
    idempotencyTtlHours: env.IDEMPOTENCY_TTL_HOURS,
    batchMaxItems: env.BATCH_MAX_ITEMS,
    publishAckTimeoutMs: env.PUBLISH_ACK_TIMEOUT_MS,
    maxSubscriptionsPerTenant: env.MAX_SUBSCRIPTIONS_PER_TENANT,
  };
}

export function verificationSettings(env: Environment): VerificationSettings {
  return { ratePerMinute: env.VERIFICATION_RATE_PER_MINUTE, concurrency: env.VERIFICATION_CONCURRENCY };
}
