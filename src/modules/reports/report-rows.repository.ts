import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';

export interface ReportScope {
  tenantId: string;
  from: string;
  to: string;
}

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

/**
 * The subscriptions with attempts in [from, to), found by skipping through the delivery log's
 * (tenant, subscription) index one subscription at a time (a loose index scan) instead of reading
 * every attempt; at most `limit` after `after`.
 */
const subscriptionsWithAttempts = (limit: string) => `
  WITH RECURSIVE s AS (
    (SELECT subscription_id AS id FROM delivery_attempts
      WHERE tenant_id = $1 AND created_at >= $2::timestamptz AND created_at < $3::timestamptz AND subscription_id > $4::uuid
      ORDER BY subscription_id LIMIT 1)
    UNION ALL
    SELECT (SELECT a.subscription_id FROM delivery_attempts a
             WHERE a.tenant_id = $1 AND a.created_at >= $2::timestamptz AND a.created_at < $3::timestamptz
               AND a.subscription_id > s.id
             ORDER BY a.subscription_id LIMIT 1)
      FROM s WHERE s.id IS NOT NULL)
  SELECT id FROM s WHERE id IS NOT NULL ${limit}`;

/** Report rows: computed by Postgres from the delivery log, stored per operation, read back in pages. */
@Injectable()
export class ReportRowsRepository {
  constructor(private readonly db: DataSource) {}

  async countSubscriptions(scope: ReportScope): Promise<number> {
    const rows: { n: string }[] = await this.db.query(
      `SELECT count(*) AS n FROM (${subscriptionsWithAttempts('')}) x`,
      [scope.tenantId, scope.from, scope.to, NIL_UUID],
    );
    return Number(rows[0].n);
  }

  async nextSubscriptions(scope: ReportScope, after: string | null, limit: number): Promise<string[]> {
    const rows: { id: string }[] = await this.db.query(subscriptionsWithAttempts('LIMIT $5'), [
      scope.tenantId,
      scope.from,
      scope.to,
      after ?? NIL_UUID,
      limit,
    ]);
    return rows.map((r) => r.id);
  }

  /**
   * Aggregates the subscriptions' attempts in the window into the operation's rows, per event type
   * and per subscription (GROUPING SETS); latency percentiles are percentile_cont over every
   * attempt's response time. Inside the caller's transaction, so rows and checkpoint commit together.
   */
  async aggregate(tx: EntityManager, operationId: string, scope: ReportScope, subscriptionIds: string[]) {
    const inserted: unknown[] = await tx.query(
      `INSERT INTO report_rows (operation_id, tenant_id, subscription_id, event_type, attempts, succeeded, failed,
         success_ratio, latency_p50_ms, latency_p95_ms, latency_p99_ms, first_attempt_at, last_attempt_at)
       SELECT $1, $2, subscription_id, CASE WHEN grouping(event_type) = 1 THEN '*' ELSE event_type END,
              count(*), count(*) FILTER (WHERE outcome = 'success'), count(*) FILTER (WHERE outcome <> 'success'),
              (count(*) FILTER (WHERE outcome = 'success'))::float8 / count(*),
              percentile_cont(0.5) WITHIN GROUP (ORDER BY response_time_ms),
              percentile_cont(0.95) WITHIN GROUP (ORDER BY response_time_ms),
              percentile_cont(0.99) WITHIN GROUP (ORDER BY response_time_ms),
              min(created_at), max(created_at)
         FROM delivery_attempts
        WHERE tenant_id = $2 AND subscription_id = ANY ($3::uuid[])
          AND created_at >= $4::timestamptz AND created_at < $5::timestamptz
        GROUP BY GROUPING SETS ((subscription_id, event_type), (subscription_id))
       ON CONFLICT DO NOTHING
       RETURNING 1`,
      [operationId, scope.tenantId, subscriptionIds, scope.from, scope.to],
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
