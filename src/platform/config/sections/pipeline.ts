import type { Environment } from '../environment.js';
import { list, parseDuration, parseDurationList } from './lists.js';
import { ConfigError } from '../secret-settings.js';

/** How ingest reads, decodes, checks and admits events. */
export interface IngestSettings {
  /** INGEST_TOPICS. */
  readonly topics: readonly string[];
  /** INGEST_CONCURRENCY: events one ingest consumer works on at once. */
  readonly concurrency: number;
  /** INGEST_CONSUMER_GROUP; empty: <group prefix>.ingest. */
  readonly consumerGroup: string;
  /** INGEST_DATA_VALIDATION. */
  readonly dataValidation: Environment['INGEST_DATA_VALIDATION'];
  /** INGEST_UNKNOWN_TYPES. */
  readonly unknownTypes: Environment['INGEST_UNKNOWN_TYPES'];
  /** DEFAULT_TENANT; empty: events that name no tenant are parked. */
  readonly defaultTenant: string;
  /** INGEST_FRESHNESS_WAIT_MS; 0: read-your-writes off. */
  readonly freshnessWaitMs: number;
  /** INGEST_DIRECT_DISPATCH: ingest delivers healthy subscriptions itself where it has the delivery role. */
  readonly directDispatch: boolean;
  /** AVRO_DECIMAL_AS, BIG_INTEGERS_AS and AVRO_UNION_WRAPPING: how decoded values are written as JSON. */
  readonly decoding: {
    readonly decimalAs: Environment['AVRO_DECIMAL_AS'];
    readonly bigIntegersAs: Environment['BIG_INTEGERS_AS'];
    readonly unionWrapping: boolean;
  };
}

/** How deliveries are made, and when failed ones are tried again. */
export interface DeliverySettings {
  /** DELIVERY_TIMEOUT_MS: the longest one attempt may take. */
  readonly timeoutMs: number;
  /** DELIVERY_CONCURRENCY: deliveries in flight per delivery or retry consumer. */
  readonly concurrency: number;
  /** DELIVERY_CONCURRENCY_PER_SUBSCRIPTION. */
  readonly concurrencyPerSubscription: number;
  /** ATTEMPT_FLUSH_MS: the longest an attempt row waits for its batch's INSERT. */
  readonly attemptFlushMs: number;
  /** RETRY_SCHEDULE: one tier (and topic) per delay, in order; the label is the duration as written. */
  readonly retrySchedule: readonly { readonly label: string; readonly ms: number }[];
  /** RETRY_JITTER_PERCENT as a fraction of a tier's delay (0.1 for 10 %). */
  readonly jitterRatio: number;
  /** RETRY_AFTER_MAX, in ms. */
  readonly retryAfterMaxMs: number;
  /** RETRY_OVERLOAD_PENALTY, in ms. */
  readonly overloadPenaltyMs: number;
  /** ALERT_RETRY_SCHEDULE: the waits before an alert's second, third… attempt, in ms. */
  readonly alertRetryScheduleMs: readonly number[];
}

/** The circuit breaker of each subscription. */
export interface CircuitSettings {
  /** CIRCUIT_CONSECUTIVE_FAILURES; 0 turns the rule off. */
  readonly consecutiveFailures: number;
  /** CIRCUIT_FAILURE_RATIO_PERCENT as a fraction (0.5 for 50 %); 0 turns the rule off. */
  readonly failureRatio: number;
  /** CIRCUIT_MIN_REQUESTS. */
  readonly minRequests: number;
  /** CIRCUIT_WINDOW, in ms. */
  readonly windowMs: number;
  /** CIRCUIT_OPEN_DURATION, in ms. */
  readonly openMs: number;
  /** CIRCUIT_SYNC_MS: how often the shared circuit rows are re-read. */
  readonly syncMs: number;
}

/** Sizes that keep one record's trouble its own. */
export interface LimitSettings {
  /** MAX_EVENT_BYTES. */
  readonly maxEventBytes: number;
  /** CONSUMER_MAX_BUFFERED_BYTES. */
  readonly consumerMaxBufferedBytes: number;
}

/** When the health checks stop calling the pipeline ready or live. */
export interface HealthSettings {
  /** READY_MAX_PROCESSING_ERRORS_PER_MINUTE. */
  readonly readyMaxProcessingErrorsPerMinute: number;
  /** READY_SCHEMA_REGISTRY_FAILURE_MS. */
  readonly readySchemaRegistryFailureMs: number;
  /** LIVENESS_PRODUCE_FAILURE_MS. */
  readonly livenessProduceFailureMs: number;
}

export function ingestSettings(env: Environment): IngestSettings {
  return {
    topics: list(env.INGEST_TOPICS),
    concurrency: env.INGEST_CONCURRENCY,
    consumerGroup: env.INGEST_CONSUMER_GROUP,
    dataValidation: env.INGEST_DATA_VALIDATION,
    unknownTypes: env.INGEST_UNKNOWN_TYPES,
    defaultTenant: env.DEFAULT_TENANT,
    freshnessWaitMs: env.INGEST_FRESHNESS_WAIT_MS,
    directDispatch: env.INGEST_DIRECT_DISPATCH,
    decoding: {
      decimalAs: env.AVRO_DECIMAL_AS,
      bigIntegersAs: env.BIG_INTEGERS_AS,
      unionWrapping: env.AVRO_UNION_WRAPPING,
    },
  };
}

export function deliverySettings(env: Environment): DeliverySettings {
  return {
    timeoutMs: env.DELIVERY_TIMEOUT_MS,
    concurrency: env.DELIVERY_CONCURRENCY,
    concurrencyPerSubscription: env.DELIVERY_CONCURRENCY_PER_SUBSCRIPTION,
    attemptFlushMs: env.ATTEMPT_FLUSH_MS,
    retrySchedule: retryTiers(env.RETRY_SCHEDULE),
    jitterRatio: env.RETRY_JITTER_PERCENT / 100,
    retryAfterMaxMs: parseDuration(env.RETRY_AFTER_MAX),
    overloadPenaltyMs: parseDuration(env.RETRY_OVERLOAD_PENALTY),
    alertRetryScheduleMs: parseDurationList(env.ALERT_RETRY_SCHEDULE).map((tier) => tier.ms),
  };
}

export function circuitSettings(env: Environment): CircuitSettings {
  return {
    consecutiveFailures: env.CIRCUIT_CONSECUTIVE_FAILURES,
    failureRatio: env.CIRCUIT_FAILURE_RATIO_PERCENT / 100,
    minRequests: env.CIRCUIT_MIN_REQUESTS,
    windowMs: parseDuration(env.CIRCUIT_WINDOW),
    openMs: parseDuration(env.CIRCUIT_OPEN_DURATION),
    syncMs: env.CIRCUIT_SYNC_MS,
  };
}

export function limitSettings(env: Environment): LimitSettings {
  return { maxEventBytes: env.MAX_EVENT_BYTES, consumerMaxBufferedBytes: env.CONSUMER_MAX_BUFFERED_BYTES };
}

export function healthSettings(env: Environment): HealthSettings {
  return {
    readyMaxProcessingErrorsPerMinute: env.READY_MAX_PROCESSING_ERRORS_PER_MINUTE,
    readySchemaRegistryFailureMs: env.READY_SCHEMA_REGISTRY_FAILURE_MS,
    livenessProduceFailureMs: env.LIVENESS_PRODUCE_FAILURE_MS,
  };
}

/**
 * RETRY_SCHEDULE's tiers. Each is a topic named after its wait (retry-1m), so a wait given twice
 * would be one topic read as two tiers, and a wait of 0 is no tier; each tier waits longer than the
 * one before, as a backoff does.
 */
function retryTiers(text: string): { label: string; ms: number }[] {
  const tiers = parseDurationList(text);
  tiers.forEach((tier, i) => {
    if (tier.ms <= 0) throw new ConfigError(`RETRY_SCHEDULE: a tier waits more than 0 (not ${tier.label})`);
    const before = tiers[i - 1];
    if (before && tier.ms <= before.ms)
      throw new ConfigError(
        `RETRY_SCHEDULE: each tier waits longer than the one before (${before.label}, then ${tier.label})`,
      );
  });
  return tiers;
}
