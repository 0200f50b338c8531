import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AttemptLog } from '../../delivery/attempt-log/attempt-log.js';

export interface RecoveryWindow {
  tenantId: string;
  subscriptionId: string;
  since: string;
  until: string;
  /** failed: only events whose latest attempt to the subscription failed; all: every event it was sent. */
  status: 'failed' | 'all';
}

export interface RecoverableEvent {
  id: string;
  /** The stored envelope {id, type, created_at, data} as JSON text, data as first delivered (older rows: jsonb's text). */
  payload: string;
}

/** One step of the walk: the events to recover, and the last event id looked at (the next step's start). */
export interface RecoveryBatch {
  events: RecoverableEvent[];
  /** Null when the window holds no further event. */
  lastSeen: string | null;
}

/** Events looked at per query while counting. */
const COUNT_STEP = 5_000;

/**
 * Selects the events of a window that went to the subscription, from the events table (kept
 * EVENT_RETENTION_DAYS for this). The walk goes in event id order: an event stored twice (its
 * ingest record was redelivered) then counts once (DISTINCT ON, first copy), and each batch is a
 * short range scan of the (tenant, id) index after the last id, whatever the table's statistics
 * say. For `failed`, the attempt log says which of a batch's events had a latest attempt that did
 * not succeed.
 */
@Injectable()
export class RecoveryEventsRepository {
  constructor(
    private readonly db: DataSource,
    private readonly attempts: AttemptLog,
  ) {}

  async count(w: RecoveryWindow): Promise<number> {
    if (w.status === 'all') {
      const rows: { n: string }[] = await this.db.query(`SELECT count(*) AS n FROM (${CANDIDATES}) c`, [
        w.tenantId,
        w.subscriptionId,
        w.since,
        w.until,
        '',
        null,
      ]);
      return Number(rows[0].n);
    }
    let total = 0;
    for (let after: string | null = ''; after !== null;) {
      const batch = await this.batch(w, after, COUNT_STEP);
      total += batch.events.length;
      after = batch.lastSeen;
    }
    return total;
  }

  /** The events among the next `limit` of the window with an id after `afterId`, in id order. */
  async batch(w: RecoveryWindow, afterId: string | null, limit: number): Promise<RecoveryBatch> {
    const candidates: RecoverableEvent[] = await this.db.query(
      // payload_text: the exact text of the event as received (jsonb, in older rows, cannot hold U+0000).
      `SELECT id, payload FROM (${CANDIDATES}) c`,
      [w.tenantId, w.subscriptionId, w.since, w.until, afterId ?? '', limit],
    );
    const lastSeen = candidates.at(-1)?.id ?? null;
    if (w.status === 'all' || candidates.length === 0) return { events: candidates, lastSeen };
    const ids = candidates.map((e) => e.id);
    const failed = await this.attempts.latestFailed(w.tenantId, w.subscriptionId, ids, w.since);
    return { events: candidates.filter((e) => failed.has(e.id)), lastSeen };
  }
}

/** The window's events that went to the subscription, each once, in id order after $5, at most $6 (all when null). */
const CANDIDATES = `
  SELECT DISTINCT ON (e.id) e.id, coalesce(e.payload_text, e.payload::text) AS payload FROM events e
   WHERE e.tenant_id = $1 AND $2::uuid = ANY (e.subscription_ids)
     AND e.received_at >= $3::timestamptz AND e.received_at < $4::timestamptz AND e.id > $5
   ORDER BY e.id, e.received_at
   LIMIT $6`;
