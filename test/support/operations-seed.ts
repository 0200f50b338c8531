import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { v7 as uuidv7 } from 'uuid';
import type { PipelineHarness } from './harness.js';

export interface SeedEvent {
  id: string;
  type: string;
  receivedAt: Date;
  subscriptionIds: string[];
  data?: Record<string, unknown>;
}

export interface SeedAttempt {
  subscriptionId: string;
  eventId: string;
  eventType: string;
  at: Date;
  outcome: 'success' | 'http_error' | 'timeout' | 'connect_error';
  statusCode?: number | null;
  responseTimeMs?: number;
  attempt?: number;
}

/**
 * Rows written straight into the pipeline's tables (events, delivery_attempts, dead_letters), so
 * operations tests start from a known history, including one of 100,000 events, in a second.
 */
export class OperationsSeed {
  constructor(
    private readonly db: pg.Pool,
    readonly tenantId: string,
  ) {}

  async events(events: SeedEvent[]): Promise<void> {
    await this.db.query(
      `INSERT INTO events (tenant_id, id, type, created_at, received_at, payload, source_topic, source_partition,
         source_offset, subscription_ids)
       SELECT $1, id, type, at, at, jsonb_build_object('id', id, 'type', type,
                'created_at', to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'data', data::jsonb),
              'seed', 0, n, string_to_array(subs, ',')::uuid[]
         FROM unnest($2::text[], $3::text[], $4::timestamptz[], $5::text[], $6::text[]) WITH ORDINALITY
              AS x(id, type, at, data, subs, n)`,
      [
        this.tenantId,
        events.map((e) => e.id),
        events.map((e) => e.type),
        events.map((e) => e.receivedAt.toISOString()),
        events.map((e) => JSON.stringify(e.data ?? { seeded: e.id })),
        events.map((e) => e.subscriptionIds.join(',')),
      ],
    );
  }

  /** `count` events of one subscription, received one millisecond apart from `from` (generate_series). */
  async manyEvents(subscriptionId: string, count: number, from: Date, prefix = `evt_${randomUUID()}_`) {
    await this.db.query(
      `INSERT INTO events (tenant_id, id, type, created_at, received_at, payload, source_topic, source_partition,
         source_offset, subscription_ids)
       SELECT $1, $2 || g, 'order.created', t, t,
              jsonb_build_object('id', $2 || g, 'type', 'order.created',
                'created_at', to_char(t AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                'data', jsonb_build_object('n', g)),
              'seed', 0, g, ARRAY[$3::uuid]
         FROM generate_series(1, $4::int) g, LATERAL (SELECT $5::timestamptz + g * interval '1 millisecond' AS t) x`,
      [this.tenantId, prefix, subscriptionId, count, from.toISOString()],
    );
    return prefix;
  }

  async attempts(attempts: SeedAttempt[]): Promise<void> {
    for (const a of attempts) {
      await this.db.query(
        `INSERT INTO delivery_attempts (id, created_at, tenant_id, subscription_id, event_id, event_type, attempt,
           trigger, outcome, status_code, response_time_ms)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
        [
          uuidv7({ msecs: a.at.getTime() }),
          a.at.toISOString(),
          this.tenantId,
          a.subscriptionId,
          a.eventId,
          a.eventType,
          a.attempt ?? 1,
          (a.attempt ?? 1) > 1 ? 'retry' : 'initial',
          a.outcome,
          a.statusCode === undefined ? (a.outcome === 'success' ? 200 : 500) : a.statusCode,
          a.responseTimeMs ?? 25,
        ],
      );
    }
  }

  /** A delivery task of one of the tenant's subscriptions, parked in the DLQ for `reason`. */
  parked(subscriptionId: string, eventId: string, reason: string, at: Date, sequence?: number): Promise<string> {
    const payload = parkedTask(this.tenantId, subscriptionId, eventId, sequence);
    return this.deadLetter({ subscriptionId, reason, payload, at });
  }

  /** A dead_letters row as the DLQ index writes it; payload_json is the parked record (a task or not). */
  async deadLetter(row: {
    subscriptionId: string | null;
    reason: string;
    payload: object | null;
    at: Date;
    tenantId?: string;
  }): Promise<string> {
    const id = randomUUID();
    const value = row.payload ? Buffer.from(JSON.stringify(row.payload)) : Buffer.from([0, 1, 2]);
    const event = (row.payload as { event?: { id?: string; type?: string } } | null)?.event;
    await this.db.query(
      `INSERT INTO dead_letters (id, tenant_id, subscription_id, reason, detail, dlq_topic, dlq_partition, dlq_offset,
         headers, payload, payload_json, payload_unparsed, event_id, event_type, created_at)
       VALUES ($1, $2, $3, $4, '', 'seed.dlq', 0, (random() * 1e12)::bigint, '{}', $5, $6, $7, $8, $9, $10)`,
      [
        id,
        row.tenantId ?? this.tenantId,
        row.subscriptionId,
        row.reason,
        value,
        row.payload ? JSON.stringify(row.payload) : null,
        row.payload ? null : 'registry_framed',
        event?.id ?? null,
        event?.type ?? null,
        row.at.toISOString(),
      ],
    );
    return id;
  }
}

/** A parked delivery task as the delivery stage writes it to the DLQ. */
export function parkedTask(tenantId: string, subscriptionId: string, eventId: string, sequence = 1) {
  const at = new Date().toISOString();
  return {
    type: 'DeliveryTaskV1',
    tenant_id: tenantId,
    subscription_id: subscriptionId,
    event: {
      id: eventId,
      type: 'order.created',
      created_at: at,
      data: { parked: eventId },
      sequence,
      previous_event_id: null,
    },
    attempt: 7,
    trigger: 'retry',
    first_attempt_at: at,
    enqueued_at: at,
  };
}

/** What the operations suites run with, over their roles: a runner polling every 100 ms, an API they cannot exhaust. */
export function operationsEnv(roles: string, extra: Record<string, string> = {}): Record<string, string> {
  return { ROLES: roles, OPERATIONS_POLL_MS: '100', API_RATE_LIMIT_PER_MINUTE: '1000000', ...extra };
}

/** A harness's beforeApp: `count` events of its first subscription, received from `minutesAgo` on. */
export const seedManyEvents = (count: number, minutesAgo: number) => (h: PipelineHarness) =>
  new OperationsSeed(h.fixtures.db, h.tenant).manyEvents(
    h.subscriptionIds[0],
    count,
    new Date(Date.now() - minutesAgo * 60_000),
  );
