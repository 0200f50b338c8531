import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** A dead letter as the index writes it; every text already storable (see DeadLetterIndex). */
export interface NewDeadLetter {
  id: string;
  tenantId: string | null;
  subscriptionId: string | null;
  reason: string;
  detail: string;
  eventId: string | null;
  eventType: string | null;
  source: { topic: string | null; partition: number | null; offset: string | null };
  dlq: { topic: string; partition: number; offset: string };
  headers: Record<string, string>;
  /** The record's bytes, whatever they are. */
  payload: Buffer | null;
  /** The bytes as JSON text, when they are JSON that jsonb can hold. */
  payloadJson: string | null;
  /** Why payloadJson is null though there are bytes (not_utf8, registry_framed, not_json, not_storable_as_jsonb). */
  payloadUnparsed: string | null;
  /** When it was parked (ISO 8601); now when unknown. */
  parkedAt: string | null;
}

/** The filters of the tenant's list (GET /v1/dead-letters). */
export interface DeadLetterFilter {
  subscriptionId?: string;
  reason?: string;
  eventId?: string;
  redriven?: boolean;
  /** Keyset position: rows strictly before it, newest first. */
  before?: DeadLetterPosition;
}

export interface DeadLetterPosition {
  createdAt: string;
  id: string;
}

export interface DeadLetterSummary {
  id: string;
  subscription_id: string | null;
  reason: string;
  detail: string;
  event_id: string | null;
  event_type: string | null;
  created_at: Date;
  redriven_at: Date | null;
  redriven_by: string | null;
}

/** What a redrive selects: the tenant's records not redriven yet, in a window, optionally one subscription or reason. */
export interface RedriveSelection {
  tenantId: string;
  subscriptionId?: string;
  since?: string;
  until: string;
  reason?: string;
  /** Only these records (by id). */
  deadLetterIds?: string[];
}

export interface RedrivableDeadLetter {
  id: string;
  /** created_at as Postgres writes it (microseconds kept), for the next batch's position. */
  created_key: string;
  payload: Buffer | null;
}

const COLUMNS = `id, tenant_id, subscription_id, reason, detail, event_id, event_type, payload_unparsed, source_topic,
  source_partition, source_offset, dlq_topic, dlq_partition, dlq_offset, headers, payload, payload_json, created_at`;

/**
 * The dead_letters table, the queryable index of <prefix>.dlq: the one place its SQL is written.
 * Every query of a tenant's records names the tenant.
 */
@Injectable()
export class DeadLettersRepository {
  constructor(private readonly db: DataSource) {}

  /**
   * Stores a record once (unique on its DLQ coordinates). `replace`: a record too large for the
   * DLQ topic, whose bytes arrive after (or before) its pointer record was indexed.
   */
  async insert(row: NewDeadLetter, onConflict: 'keep' | 'replace' = 'keep'): Promise<void> {
    const conflict =
      onConflict === 'keep'
        ? 'DO NOTHING'
        : `DO UPDATE SET payload = EXCLUDED.payload, payload_json = EXCLUDED.payload_json, detail = EXCLUDED.detail,
             headers = EXCLUDED.headers, payload_unparsed = EXCLUDED.payload_unparsed,
             event_id = coalesce(dead_letters.event_id, EXCLUDED.event_id),
             event_type = coalesce(dead_letters.event_type, EXCLUDED.event_type)`;
    await this.db.query(
      `INSERT INTO dead_letters (${COLUMNS})
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17::jsonb,
               coalesce($18::timestamptz, now()))
       ON CONFLICT (dlq_topic, dlq_partition, dlq_offset) ${conflict}`,
      [
        row.id,
        row.tenantId,
        row.subscriptionId,
        row.reason,
        row.detail,
        row.eventId,
        row.eventType,
        row.payloadUnparsed,
        row.source.topic,
        row.source.partition,
        row.source.offset,
        row.dlq.topic,
        row.dlq.partition,
        row.dlq.offset,
        JSON.stringify(row.headers),
        row.payload,
        row.payloadJson,
        row.parkedAt,
      ],
    );
  }

  /** One page of the tenant's dead letters, newest first; one row more than `limit` says there is more. */
  page(tenantId: string, filter: DeadLetterFilter, limit: number): Promise<DeadLetterSummary[]> {
    const params: unknown[] = [tenantId];
    const where = ['tenant_id = $1'];
    if (filter.subscriptionId) where.push(`subscription_id = $${params.push(filter.subscriptionId)}::uuid`);
    if (filter.reason) where.push(`reason = $${params.push(filter.reason)}`);
    if (filter.eventId) where.push(`event_id = $${params.push(filter.eventId)}`);
    if (filter.redriven !== undefined) where.push(filter.redriven ? 'redriven_at IS NOT NULL' : 'redriven_at IS NULL');
    if (filter.before)
      where.push(
        `(created_at, id) < ($${params.push(filter.before.createdAt)}::timestamptz, $${params.push(filter.before.id)}::uuid)`,
      );
    return this.db.query(
      `SELECT id, subscription_id, reason, detail, event_id, event_type, created_at, redriven_at, redriven_by
         FROM dead_letters WHERE ${where.join(' AND ')}
        ORDER BY created_at DESC, id DESC LIMIT $${params.push(limit + 1)}`,
      params,
    );
  }

  async countRedrivable(s: RedriveSelection): Promise<number> {
    const { where, params } = redrivable(s);
    const rows: { n: string }[] = await this.db.query(
      `SELECT count(*) AS n FROM dead_letters WHERE ${where.join(' AND ')}`,
      params,
    );
    return Number(rows[0].n);
  }

  /**
   * Claims the next `limit` records of the selection after `after`, oldest first, with their bytes:
   * marks them redriven by `operationId` before anything is sent, so that two redrives over the same
   * records send each once. Rows another run is claiming are skipped, not waited for. A run that
   * resumes claims again what it had claimed past its checkpoint, and sends it again.
   */
  async claimRedrivable(
    s: RedriveSelection,
    after: DeadLetterPosition | null,
    limit: number,
    operationId: string,
  ): Promise<RedrivableDeadLetter[]> {
    const { where, params } = redrivable(s, operationId);
    if (after)
      where.push(`(created_at, id) > ($${params.push(after.createdAt)}::timestamptz, $${params.push(after.id)})`);
    return this.db.query(
      `WITH picked AS (
         SELECT id FROM dead_letters WHERE ${where.join(' AND ')}
          ORDER BY created_at, id LIMIT $${params.push(limit)} FOR UPDATE SKIP LOCKED),
       claimed AS (
         UPDATE dead_letters d SET redriven_at = now(), redriven_by = $${params.push(operationId)}
           FROM picked WHERE d.id = picked.id AND d.tenant_id = $1
         RETURNING d.id, d.created_at, d.payload)
       SELECT id, created_at::text AS created_key, payload FROM claimed ORDER BY created_at, id`,
      params,
    );
  }

  /** Gives back claimed records that were not sent (nothing to send, or refused by the broker): they stay parked. */
  async releaseClaims(tenantId: string, ids: string[], operationId: string): Promise<void> {
    if (ids.length === 0) return;
    await this.db.query(
      `UPDATE dead_letters SET redriven_at = NULL, redriven_by = NULL
        WHERE tenant_id = $1 AND id = ANY ($2::uuid[]) AND redriven_by = $3`,
      [tenantId, ids, operationId],
    );
  }
}

/** The selection's records not redriven yet, and those `claimedBy` had claimed (a resumed run's). */
function redrivable(s: RedriveSelection, claimedBy?: string): { where: string[]; params: unknown[] } {
  const params: unknown[] = [s.tenantId, s.until];
  const notRedriven = claimedBy
    ? `(redriven_at IS NULL OR redriven_by = $${params.push(claimedBy)}::uuid)`
    : 'redriven_at IS NULL';
  const where = ['tenant_id = $1', notRedriven, 'created_at < $2::timestamptz'];
  if (s.since) where.push(`created_at >= $${params.push(s.since)}::timestamptz`);
  if (s.subscriptionId) where.push(`subscription_id = $${params.push(s.subscriptionId)}::uuid`);
  if (s.reason) where.push(`reason = $${params.push(s.reason)}`);
  if (s.deadLetterIds) where.push(`id = ANY ($${params.push(s.deadLetterIds)}::uuid[])`);
  return { where, params };
}
