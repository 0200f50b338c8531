import type { AppConfig } from '../../../platform/config/app-config.js';
import type { TopicNames } from '../../../topology.js';
import type { CircuitOptions } from './circuit-breaker.js';
import { RetryPolicy } from '../retry/retry-policy.js';

/** The retry policy the configuration describes (RETRY_SCHEDULE, RETRY_JITTER_PERCENT, RETRY_AFTER_MAX, RETRY_OVERLOAD_PENALTY). */
export function retryPolicyFrom(config: AppConfig, names: TopicNames): RetryPolicy {
  return new RetryPolicy({
    tiers: config.delivery.retrySchedule.map((tier, i) => ({ ...tier, topic: names.retries[i] })),
    jitterRatio: config.delivery.jitterRatio,
    retryAfterMaxMs: config.delivery.retryAfterMaxMs,
    overloadPenaltyMs: config.delivery.overloadPenaltyMs,
  });
}

export function circuitOptionsFrom(config: AppConfig): CircuitOptions {
  const { consecutiveFailures, failureRatio, minRequests, windowMs, openMs } = config.circuit;
  return { consecutiveFailures, failureRatio, minRequests, windowMs, openMs };
}
