import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { AttemptRecord } from '../dispatch/attempt-record.js';
import { storableExcerpt, storableHeaders } from '../../../platform/database/storable-text.js';
import type {
  AttemptFilter,
  AttemptRow,
  AttemptSummaryRow,
  AttemptWindow,
  MinuteCount,
  MinuteLatency,
  Succeeded,
} from './attempt-log.types.js';

const MAX_BODY_CHARS = 4096;
const NIL_UUID = '00000000-0000-0000-0000-000000000000';
/**
 * The subscriptions with attempts in [$2, $3) after $4, in id order, found by skipping through the
 * (tenant, subscription) index one subscription at a time (a loose index scan) instead of reading
 * every attempt.
 */
const SUBSCRIPTIONS_WITH_ATTEMPTS = `
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
  SELECT id FROM s WHERE id IS NOT NULL`;
const SUMMARY = `id, created_at, subscription_id, event_id, event_type, attempt, trigger, outcome, status_code,
  response_time_ms, error, trace_id, next_attempt_at`;

/**
 * The attempt log (delivery_attempts): the only place its SQL lives. Dispatch writes it; the
 * delivery log, reports and recoveries read it through these methods. Every query is scoped to a
 * tenant, and bounded in time where it can be, so the daily partitions keep scans short.
 */
@Injectable()
export class AttemptLog {
  constructor(private readonly db: DataSource) {}

  /** Many attempts in one statement (AttemptWriter batches them). */
  async insert(rows: AttemptRecord[]): Promise<void> {
    const column = <K extends keyof AttemptRecord>(key: K) => rows.map((r) => r[key]);
    // The response headers travel as one JSON array ($13), element n-1 for row n: as a jsonb[]
    // parameter, pg would escape every quote of every row's JSON (a visible cost per attempt).
    await this.db.query(
      `INSERT INTO delivery_attempts (id, created_at, tenant_id, subscription_id, event_id, event_type, attempt,
         trigger, outcome, status_code, response_time_ms, response_body, response_headers, error, trace_id,
         next_attempt_at)
       SELECT x.id, x.created_at, x.tenant_id, x.subscription_id, x.event_id, x.event_type, x.attempt, x.trigger,
              x.outcome, x.status_code, x.response_time_ms, x.response_body,
              NULLIF($13::jsonb -> (x.n::int - 1), 'null'::jsonb), x.error, x.trace_id, x.next_attempt_at
         FROM unnest($1::uuid[], $2::timestamptz[], $3::text[], $4::uuid[], $5::text[], $6::text[],
                     $7::int[], $8::text[], $9::text[], $10::int[], $11::int[], $12::text[], $14::text[],
                     $15::text[], $16::timestamptz[])
              WITH ORDINALITY AS x(id, created_at, tenant_id, subscription_id, event_id, event_type, attempt, trigger,
                                   outcome, status_code, response_time_ms, response_body, error, trace_id,
                                   next_attempt_at, n)
       ON CONFLICT (created_at, id) DO NOTHING`,
      [
        column('id'),
        rows.map((r) => r.createdAt.toISOString()),
        column('tenantId'),
        column('subscriptionId'),
        column('eventId'),
        column('eventType'),
        column('attempt'),
        column('trigger'),
        column('outcome'),
        column('statusCode'),
        column('responseTimeMs'),
        rows.map((r) => (r.responseBody ? storableExcerpt(r.responseBody, MAX_BODY_CHARS) : null)),
        JSON.stringify(rows.map((r) => (r.responseHeaders ? storableHeaders(r.responseHeaders) : null))),
        rows.map((r) => (r.error ? storableExcerpt(r.error, 1000) : null)),
        column('traceId'),
        rows.map((r) => r.nextAttemptAt?.toISOString() ?? null),
      ],
    );
  }

  /** For each question, whether its event reached its subscription with a success at or after `since`. */
  async succeeded(questions: Succeeded[]): Promise<boolean[]> {
    const rows: { n: string }[] = await this.db.query(
      // Ids compared as text: a malformed id in one question must not fail its batch-mates'.
      `SELECT x.n FROM unnest($1::text[], $2::text[], $3::text[], $4::timestamptz[]) WITH ORDINALITY AS x(t, s, e, since, n)
        WHERE EXISTS (SELECT 1 FROM delivery_attempts a
                       WHERE a.tenant_id = x.t AND a.event_id = x.e AND a.subscription_id::text = x.s
                         AND a.outcome = 'success' AND a.created_at >= x.since)`,
      [
        questions.map((q) => q.tenantId),
        questions.map((q) => q.subscriptionId),
        questions.map((q) => q.eventId),
        questions.map((q) => q.since),
      ],
    );
    const found = new Set(rows.map((r) => Number(r.n) - 1));
    return questions.map((_, i) => found.has(i));
  }

  /** One page, newest first by (created_at, id): limit + 1 rows, so the caller knows whether more exist. */
  page(tenantId: string, scope: { subscriptionId?: string; eventId?: string }, filter: AttemptFilter, limit: number) {
    const where = ['tenant_id = $1'];
    const params: unknown[] = [tenantId];
    const add = (clause: (p: string) => string, value: unknown) => {
      params.push(value);
      where.push(clause(`$${params.length}`));
    };
    if (scope.subscriptionId) add((p) => `subscription_id = ${p}`, scope.subscriptionId);
    const eventId = scope.eventId ?? filter.eventId;
    if (eventId) add((p) => `event_id = ${p}`, eventId);
    if (filter.outcome) add((p) => `outcome = ${p}`, filter.outcome);
    if (filter.statusCode !== undefined) add((p) => `status_code = ${p}`, filter.statusCode);
    if (filter.eventType) add((p) => `event_type = ${p}`, filter.eventType);
    if (filter.from) add((p) => `created_at >= ${p}`, filter.from.toISOString());
    if (filter.to) add((p) => `created_at < ${p}`, filter.to.toISOString());
    if (filter.before) {
      params.push(filter.before.createdAt.toISOString(), filter.before.id);
      where.push(`(created_at, id) < ($${params.length - 1}::timestamptz, $${params.length}::uuid)`);
    }
    params.push(limit + 1);
    return this.db.query(
      `SELECT ${SUMMARY} FROM delivery_attempts WHERE ${where.join(' AND ')}
        ORDER BY created_at DESC, id DESC LIMIT $${params.length}`,
      params,
    ) as Promise<AttemptRow[]>;
  }

  /** One attempt with its response; createdAt (from the id's uuid v7 timestamp) confines the lookup to one partition. */
  async get(tenantId: string, subscriptionId: string, id: string, createdAt: Date): Promise<AttemptRow | undefined> {
    const rows: AttemptRow[] = await this.db.query(
      `SELECT ${SUMMARY}, response_body, response_headers FROM delivery_attempts
        WHERE tenant_id = $1 AND subscription_id = $2 AND id = $3 AND created_at = $4`,
      [tenantId, subscriptionId, id, createdAt.toISOString()],
    );
    return rows[0];
  }

  /** A subscription's attempts in [from, to) per minute: counts by outcome, and response time percentiles. */
  async perMinute(tenantId: string, subscriptionId: string, from: Date, to: Date) {
    const params = [tenantId, subscriptionId, from.toISOString(), to.toISOString()];
    const where = `tenant_id = $1 AND subscription_id = $2 AND created_at >= $3 AND created_at < $4`;
    const [counts, latencies] = (await Promise.all([
      this.db.query(
        `SELECT date_trunc('minute', created_at) AS minute, outcome, count(*) AS n
           FROM delivery_attempts WHERE ${where} GROUP BY 1, 2`,
        params,
      ),
      this.db.query(
        `SELECT date_trunc('minute', created_at) AS minute,
                percentile_cont(ARRAY[0.5, 0.95, 0.99]) WITHIN GROUP (ORDER BY response_time_ms) AS p
           FROM delivery_attempts WHERE ${where} GROUP BY 1 ORDER BY 1`,
        params,
      ),
    ])) as [MinuteCount[], MinuteLatency[]];
    return { counts, latencies };
  }

  /**
   * Of the events, those whose latest attempt to the subscription, among attempts made since
   * `since` (less an hour of clock skew), did not succeed; an event with no such attempt is not one.
   */
  async latestFailed(
    tenantId: string,
    subscriptionId: string,
    eventIds: string[],
    since: string,
  ): Promise<Set<string>> {
    // subscription_id is compared as text on purpose: the lookup must go through the (tenant,
    // event) index; the (tenant, subscription) one would read every attempt of the subscription
    // for each event, which a planner with stale statistics (after a burst of events) may pick.
    const rows: { id: string }[] = await this.db.query(
      `SELECT x.id FROM unnest($3::text[]) AS x(id)
        WHERE (SELECT a.outcome FROM delivery_attempts a
                WHERE a.tenant_id = $1 AND a.event_id = x.id AND a.subscription_id::text = $2::uuid::text
                  AND a.created_at >= $4::timestamptz - interval '1 hour' AND a.created_at < now() + interval '1 hour'
                ORDER BY a.created_at DESC, a.id DESC LIMIT 1) <> 'success'`,
      [tenantId, subscriptionId, eventIds, since],
    );
    return new Set(rows.map((r) => r.id));
  }

  /** How many subscriptions have attempts in [from, to). */
  async countSubscriptionsWithAttempts(window: AttemptWindow): Promise<number> {
    const rows: { n: string }[] = await this.db.query(`SELECT count(*) AS n FROM (${SUBSCRIPTIONS_WITH_ATTEMPTS}) x`, [
      window.tenantId,
      window.from,
      window.to,
      NIL_UUID,
    ]);
    return Number(rows[0].n);
  }

  /** The subscriptions with attempts in [from, to) after `after` (in id order), at most `limit`. */
  async subscriptionsWithAttempts(window: AttemptWindow, after: string | null, limit: number): Promise<string[]> {
    const rows: { id: string }[] = await this.db.query(`${SUBSCRIPTIONS_WITH_ATTEMPTS} LIMIT $5`, [
      window.tenantId,
      window.from,
      window.to,
      after ?? NIL_UUID,
      limit,
    ]);
    return rows.map((r) => r.id);
  }

  /**
   * The subscriptions' attempts in [from, to), aggregated by Postgres per event type and per
   * subscription (event_type '*'): counts, success ratio, response time percentiles over every
   * attempt (an ordered key's skip made no request: left out). `tx`: the caller's transaction, when
   * the rows must commit with its other writes.
   */
  summaries(window: AttemptWindow, subscriptionIds: string[], tx?: EntityManager): Promise<AttemptSummaryRow[]> {
    return (tx ?? this.db).query(
      `SELECT subscription_id, CASE WHEN grouping(event_type) = 1 THEN '*' ELSE event_type END AS event_type,
              count(*)::int AS attempts, (count(*) FILTER (WHERE outcome = 'success'))::int AS succeeded,
              (count(*) FILTER (WHERE outcome <> 'success'))::int AS failed,
              (count(*) FILTER (WHERE outcome = 'success'))::float8 / count(*) AS success_ratio,
              percentile_cont(0.5) WITHIN GROUP (ORDER BY response_time_ms) AS latency_p50_ms,
              percentile_cont(0.95) WITHIN GROUP (ORDER BY response_time_ms) AS latency_p95_ms,
              percentile_cont(0.99) WITHIN GROUP (ORDER BY response_time_ms) AS latency_p99_ms,
              min(created_at) AS first_attempt_at, max(created_at) AS last_attempt_at
         FROM delivery_attempts
        WHERE tenant_id = $1 AND subscription_id = ANY ($2::uuid[])
          AND created_at >= $3::timestamptz AND created_at < $4::timestamptz AND outcome <> 'skipped'
        GROUP BY GROUPING SETS ((subscription_id, event_type), (subscription_id))`,
      [window.tenantId, subscriptionIds, window.from, window.to],
    );
  }
}
