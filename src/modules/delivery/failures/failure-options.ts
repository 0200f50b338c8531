import type { AppConfig } from '../../../platform/config/app-config.js';
import { parseDuration } from '../../../platform/config/duration.js';
import type { TopicNames } from '../../../topology.js';
import type { CircuitOptions } from './circuit-breaker.js';
import { RetryPolicy } from '../retry/retry-policy.js';

/** The retry policy the configuration describes (RETRY_SCHEDULE, RETRY_JITTER_PERCENT, RETRY_AFTER_MAX, RETRY_OVERLOAD_PENALTY). */
export function retryPolicyFrom(config: AppConfig, names: TopicNames): RetryPolicy {
  return new RetryPolicy({
    tiers: config.retrySchedule.map((tier, i) => ({ ...tier, topic: names.retries[i] })),
    jitterRatio: config.env.RETRY_JITTER_PERCENT / 100,
    retryAfterMaxMs: parseDuration(config.env.RETRY_AFTER_MAX),
    overloadPenaltyMs: parseDuration(config.env.RETRY_OVERLOAD_PENALTY),
  });
}

export function circuitOptionsFrom(config: AppConfig): CircuitOptions {
  return {
    consecutiveFailures: config.env.CIRCUIT_CONSECUTIVE_FAILURES,
    failureRatio: config.env.CIRCUIT_FAILURE_RATIO_PERCENT / 100,
    minRequests: config.env.CIRCUIT_MIN_REQUESTS,
    windowMs: parseDuration(config.env.CIRCUIT_WINDOW),
    openMs: parseDuration(config.env.CIRCUIT_OPEN_DURATION),
  };
}
