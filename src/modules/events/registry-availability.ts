import { Injectable, Logger } from '@nestjs/common';
import { AppConfig } from '../../platform/config/app-config.js';
import { PipelineHealth, type HealthVerdict } from '../../platform/kafka/pipeline-health.js';
import { counter } from '../../platform/telemetry/metrics.js';

/** Why a schema lookup failed for a reason of the registry's, not of the record's. */
export type RegistryFailure = 'auth' | 'throttled' | 'timeout' | 'unavailable';

/** The readiness reason codes a failing registry shows (the detail is in the log). */
export const RegistryReasons = {
  auth: 'schema_registry_auth_failed',
  other: 'schema_registry_unavailable',
} as const;

const failures = counter(
  'hookline_schema_registry_errors_total',
  'Schema-registry lookups that failed for an operational reason (auth, throttled, timeout, unavailable); the record is retried, never parked',
  ['kind'],
);

/** How a failed lookup reads: the record's own problem (not_found, bad_schema) or the registry's. */
export function classifyRegistryError(error: unknown): 'not_found' | 'bad_schema' | RegistryFailure {
  const status = (error as { status?: unknown } | null)?.status;
  const text = String((error as Error)?.message ?? error);
  if (typeof status !== 'number')
    return /ECONNREFUSED|ECONNRESET|ETIMEDOUT|EAI_AGAIN|ENOTFOUND|socket hang up|Timeout/i.test(text)
      ? 'unavailable'
      : 'bad_schema';
  if (status === 404) return 'not_found';
  if (status === 401 || status === 403) return 'auth';
  if (status === 429) return 'throttled';
  // The client reports a timeout, and any failure to reach the registry, as a 400 of its own.
  if (status === 408 || /Timeout/i.test(text)) return 'timeout';
  return 'unavailable';
}

/**
 * Whether the schema registry answers: every operational failure of a lookup is counted, and once
 * lookups have failed for READY_SCHEMA_REGISTRY_FAILURE_MS with no success since, readiness is
 * false with a reason code. The records themselves wait and are retried with back-off meanwhile.
 */
@Injectable()
export class RegistryAvailability {
  private failingSince?: number;
  private lastFailure: RegistryFailure = 'unavailable';
  private readonly log = new Logger('SchemaRegistry');

  constructor(
    private readonly config: AppConfig,
    health: PipelineHealth,
  ) {
    health.addGate('schema_registry', () => this.verdict());
  }

  succeeded(): void {
    if (this.failingSince !== undefined) this.log.log('the schema registry answers again');
    this.failingSince = undefined;
  }

  failed(kind: RegistryFailure, detail: string, now = Date.now()): void {
    failures.inc({ kind });
    if (this.failingSince === undefined) this.log.warn(`schema registry lookup failed (${kind}): ${detail}`);
    this.failingSince ??= now;
    this.lastFailure = kind;
  }

  verdict(now = Date.now()): HealthVerdict {
    const since = this.failingSince;
    if (since === undefined || now - since < this.config.health.readySchemaRegistryFailureMs) return { ok: true };
    return { ok: false, code: this.lastFailure === 'auth' ? RegistryReasons.auth : RegistryReasons.other };
  }
}
