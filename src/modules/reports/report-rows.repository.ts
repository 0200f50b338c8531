import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { AttemptSummaryRow } from '../delivery/attempt-log/attempt-log.types.js';

/** One line of a report: a subscription and event type, or the subscription's total (event_type '*'). */
export interface ReportRow {
  subscription_id: string;
  event_type: string;
  attempts: number;
  succeeded: number;
  failed: number;
  success_ratio: number;
  latency_p50_ms: number;
  latency_p95_ms: number;
  latency_p99_ms: number;
  first_attempt_at: string;
  last_attempt_at: string;
}

const NIL_UUID = '00000000-0000-0000-0000-000000000000';

/** Report rows: computed from the attempt log (AttemptLog.summaries), stored per operation, read back in pages. */
@Injectable()
export class ReportRowsRepository {
  constructor(private readonly db: DataSource) {}

  /** Stores an operation's rows inside the caller's transaction, so rows and checkpoint commit together; how many were new. */
  async insert(tx: EntityManager, operationId: string, tenantId: string, rows: AttemptSummaryRow[]): Promise<number> {
    if (rows.length === 0) return 0;
    const column = <K extends keyof AttemptSummaryRow>(key: K) => rows.map((r) => r[key]);
    const inserted: unknown[] = await tx.query(
      `INSERT INTO report_rows (operation_id, tenant_id, subscription_id, event_type, attempts, succeeded, failed,
         success_ratio, latency_p50_ms, latency_p95_ms, latency_p99_ms, first_attempt_at, last_attempt_at)
       SELECT $1::uuid, $2::text, x.* FROM unnest($3::uuid[], $4::text[], $5::bigint[], $6::bigint[], $7::bigint[],
         $8::float8[], $9::float8[], $10::float8[], $11::float8[], $12::timestamptz[], $13::timestamptz[]) AS x
       ON CONFLICT DO NOTHING
       RETURNING 1`,
      [
        operationId,
        tenantId,
        column('subscription_id'),
        column('event_type'),
        column('attempts'),
        column('succeeded'),
        column('failed'),
        column('success_ratio'),
        column('latency_p50_ms'),
        column('latency_p95_ms'),
        column('latency_p99_ms'),
        rows.map((r) => new Date(r.first_attempt_at).toISOString()),
        rows.map((r) => new Date(r.last_attempt_at).toISOString()),
      ],
    );
    return inserted.length;
  }

  /** One page of a report in (subscription, event type) order, after the given position. */
  page(
    tenantId: string,
    operationId: string,
    after: { subscriptionId: string; eventType: string } | null,
    limit: number,
  ): Promise<ReportRow[]> {
    return this.db.query(
      `SELECT subscription_id, event_type, attempts::int, succeeded::int, failed::int, success_ratio,
              latency_p50_ms, latency_p95_ms, latency_p99_ms,
              to_char(first_attempt_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS first_attempt_at,
              to_char(last_attempt_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS last_attempt_at
         FROM report_rows
        WHERE tenant_id = $1 AND operation_id = $2 AND (subscription_id, event_type) > ($3::uuid, $4)
        ORDER BY subscription_id, event_type LIMIT $5`,
      [tenantId, operationId, after?.subscriptionId ?? NIL_UUID, after?.eventType ?? '', limit],
    );
  }
}
