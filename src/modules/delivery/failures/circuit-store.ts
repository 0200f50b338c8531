import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { CircuitState } from './circuit-breaker.js';

/** One subscription's shared circuit row, times in ms since the epoch (the database's clock). */
export interface CircuitRow {
  tenantId: string;
  subscriptionId: string;
  state: CircuitState;
  consecutiveFailures: number;
  windowStartedAt: number;
  windowAttempts: number;
  windowFailures: number;
  openedAt: number | null;
  probeStartedAt: number | null;
  reason: string | null;
  /** The adaptive concurrency limit a delivering instance reported last, and when. */
  concurrencyLimit: number | null;
  concurrencyReportedAt: number | null;
}

/* eslint-disable @typescript-eslint/no-explicit-any -- rows straight from pg */
const toRow = (r: any): CircuitRow => ({
  tenantId: r.tenant_id,
  subscriptionId: r.subscription_id,
  state: r.state,
  consecutiveFailures: r.consecutive_failures,
  windowStartedAt: new Date(r.window_started_at).getTime(),
  windowAttempts: r.window_attempts,
  windowFailures: r.window_failures,
  openedAt: r.opened_at ? new Date(r.opened_at).getTime() : null,
  probeStartedAt: r.probe_started_at ? new Date(r.probe_started_at).getTime() : null,
  reason: r.reason,
  concurrencyLimit: r.concurrency_limit ?? null,
  concurrencyReportedAt: r.concurrency_reported_at ? new Date(r.concurrency_reported_at).getTime() : null,
});
/** TypeORM answers UPDATE … RETURNING with [rows, count], INSERT … RETURNING with rows. */
const rowsOf = (result: any): any[] => (Array.isArray(result[0]) ? result[0] : result);
/* eslint-enable @typescript-eslint/no-explicit-any */

const ms = (param: string) => `make_interval(secs => ${param}::float8 / 1000)`;

/**
 * subscription_circuits: every instance's attempts count in one row per subscription, each change
 * one atomic statement, so two instances together open a circuit after the configured failures.
 */
@Injectable()
export class CircuitStore {
  constructor(private readonly db: DataSource) {}

  /**
   * Counts one failure (and the successes this instance saw before it, which end the run of
   * failures) in the current window; a window older than windowMs starts over.
   */
  async recordFailure(tenantId: string, id: string, successes: number, windowMs: number): Promise<CircuitRow> {
    const expired = `c.window_started_at <= now() - ${ms('$4')}`;
    const rows = await this.db.query(
      `INSERT INTO subscription_circuits AS c
              (tenant_id, subscription_id, consecutive_failures, window_attempts, window_failures)
       VALUES ($1, $2, 1, 1 + $3, 1)
       ON CONFLICT (tenant_id, subscription_id) DO UPDATE SET
         consecutive_failures = CASE WHEN $3 > 0 THEN 1 ELSE c.consecutive_failures + 1 END,
         window_started_at = CASE WHEN ${expired} THEN now() ELSE c.window_started_at END,
         window_attempts = CASE WHEN ${expired} THEN 1 + $3 ELSE c.window_attempts + 1 + $3 END,
         window_failures = CASE WHEN ${expired} THEN 1 ELSE c.window_failures + 1 END,
         updated_at = now()
       RETURNING *`,
      [tenantId, id, successes, windowMs],
    );
    return toRow(rowsOf(rows)[0]);
  }

  /** Successes end the run of failures and close the circuit (the endpoint answers again). */
  async recordSuccesses(tenantId: string, id: string, successes: number, windowMs: number): Promise<CircuitRow | null> {
    const expired = `window_started_at <= now() - ${ms('$4')}`;
    const result = await this.db.query(
      `UPDATE subscription_circuits SET
         consecutive_failures = 0, state = 'closed', opened_at = NULL, probe_started_at = NULL, reason = NULL,
         window_started_at = CASE WHEN ${expired} THEN now() ELSE window_started_at END,
         window_attempts = CASE WHEN ${expired} THEN $3 ELSE window_attempts + $3 END,
         window_failures = CASE WHEN ${expired} THEN 0 ELSE window_failures END,
         updated_at = now()
       WHERE tenant_id = $1 AND subscription_id = $2 RETURNING *`,
      [tenantId, id, successes, windowMs],
    );
    const row = rowsOf(result)[0];
    return row ? toRow(row) : null;
  }

  /** Opens the circuit if it is still in state `from`: of several instances deciding at once, one does. */
  async open(tenantId: string, id: string, from: CircuitState, reason: string): Promise<CircuitRow | null> {
    const result = await this.db.query(
      `UPDATE subscription_circuits SET state = 'open', opened_at = now(), probe_started_at = NULL, reason = $4,
              updated_at = now()
        WHERE tenant_id = $1 AND subscription_id = $2 AND state = $3 RETURNING *`,
      [tenantId, id, from, reason.slice(0, 500)],
    );
    const row = rowsOf(result)[0];
    return row ? toRow(row) : null;
  }

  /**
   * Claims the one half-open probe of the deployment: open for openMs, or a probe that has not
   * reported for openMs (its process died). Null when it is not due or another instance has it.
   */
  async claimProbe(tenantId: string, id: string, openMs: number): Promise<CircuitRow | null> {
    const result = await this.db.query(
      `UPDATE subscription_circuits SET state = 'half_open', probe_started_at = now(), updated_at = now()
        WHERE tenant_id = $1 AND subscription_id = $2
          AND ((state = 'open' AND opened_at <= now() - ${ms('$3')})
            OR (state = 'half_open' AND probe_started_at <= now() - ${ms('$3')}))
        RETURNING *`,
      [tenantId, id, openMs],
    );
    const row = rowsOf(result)[0];
    return row ? toRow(row) : null;
  }

  /** Writes the adaptive concurrency limits this instance holds now; the latest report wins. */
  async reportConcurrency(limits: readonly { tenantId: string; id: string; limit: number }[]): Promise<void> {
    await this.db.query(
      `INSERT INTO subscription_circuits AS c (tenant_id, subscription_id, concurrency_limit, concurrency_reported_at)
       SELECT t, s, l, now() FROM unnest($1::text[], $2::uuid[], $3::int[]) AS u(t, s, l)
       ON CONFLICT (tenant_id, subscription_id) DO UPDATE SET
         concurrency_limit = EXCLUDED.concurrency_limit, concurrency_reported_at = EXCLUDED.concurrency_reported_at`,
      [limits.map((l) => l.tenantId), limits.map((l) => l.id), limits.map((l) => l.limit)],
    );
  }

  async find(tenantId: string, id: string): Promise<CircuitRow | null> {
    const rows: unknown[] = await this.db.query(
      `SELECT * FROM subscription_circuits WHERE tenant_id = $1 AND subscription_id = $2`,
      [tenantId, id],
    );
    return rows.length ? toRow(rows[0]) : null;
  }

  /** The rows of these (tenant, subscription) pairs, each pair scoped to its own tenant. */
  async findMany(keys: readonly { tenantId: string; id: string }[]): Promise<CircuitRow[]> {
    if (keys.length === 0) return [];
    const rows: unknown[] = await this.db.query(
      `SELECT c.* FROM subscription_circuits c
         JOIN unnest($1::text[], $2::uuid[]) AS k (tenant_id, subscription_id)
           ON c.tenant_id = k.tenant_id AND c.subscription_id = k.subscription_id`,
      [keys.map((k) => k.tenantId), keys.map((k) => k.id)],
    );
    return rows.map(toRow);
  }
}
