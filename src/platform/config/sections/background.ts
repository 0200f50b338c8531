import type { Environment } from '../environment.js';

/** The operations runner (recoveries, redrives, reports, re-encryption). */
export interface OperationsSettings {
  /** OPERATIONS_LEASE_MS. */
  readonly leaseMs: number;
  /** OPERATIONS_POLL_MS. */
  readonly pollMs: number;
  /** OPERATIONS_CONCURRENCY: operations one runner works on at once. */
  readonly concurrency: number;
  /** OPERATIONS_BATCH_SIZE: items handled between two checkpoints. */
  readonly batchSize: number;
  /** OPERATIONS_RETENTION_DAYS. */
  readonly retentionDays: number;
}

/** The changelog outbox relay. */
export interface OutboxSettings {
  /** OUTBOX_RELAY_INTERVAL_MS. */
  readonly relayIntervalMs: number;
  /** OUTBOX_TEST_KILL_AFTER_COMMIT: a test hook; the process kills itself after a change commits. */
  readonly testKillAfterCommit: boolean;
}

/** How long rows are kept, in days. */
export interface RetentionSettings {
  /** ATTEMPT_RETENTION_DAYS. */
  readonly attemptDays: number;
  /** EVENT_RETENTION_DAYS. */
  readonly eventDays: number;
}

/** The event-type catalog's registry source. */
export interface CatalogSettings {
  /** EVENT_TYPE_SUBJECT_PREFIX. */
  readonly subjectPrefix: string;
  /** EVENT_TYPE_REGISTRY_POLL_MS; 0 turns the registry source off. */
  readonly registryPollMs: number;
}

export function operationsSettings(env: Environment): OperationsSettings {
  return {
    leaseMs: env.OPERATIONS_LEASE_MS,
    pollMs: env.OPERATIONS_POLL_MS,
    concurrency: env.OPERATIONS_CONCURRENCY,
    batchSize: env.OPERATIONS_BATCH_SIZE,
    retentionDays: env.OPERATIONS_RETENTION_DAYS,
  };
}

export function outboxSettings(env: Environment): OutboxSettings {
  return { relayIntervalMs: env.OUTBOX_RELAY_INTERVAL_MS, testKillAfterCommit: env.OUTBOX_TEST_KILL_AFTER_COMMIT };
}

export function retentionSettings(env: Environment): RetentionSettings {
  return { attemptDays: env.ATTEMPT_RETENTION_DAYS, eventDays: env.EVENT_RETENTION_DAYS };
}

export function catalogSettings(env: Environment): CatalogSettings {
  return { subjectPrefix: env.EVENT_TYPE_SUBJECT_PREFIX, registryPollMs: env.EVENT_TYPE_REGISTRY_POLL_MS };
}
