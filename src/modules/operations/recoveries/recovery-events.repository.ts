import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

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

/**
 * Selects the events of a window that went to the subscription, from the events table (kept
 * EVENT_RETENTION_DAYS for this). The walk goes in event id order: an event stored twice (its
 * ingest record was redelivered) then counts once (DISTINCT ON, first copy), and each batch is a
 * short range scan of the (tenant, id) index after the last id, whatever the table's statistics
 * say. An event's latest attempt is looked up among attempts made since the window opened (an
 * attempt never precedes its event; the hour absorbs clock skew), which keeps the lookup to the
 * few daily partitions that can hold it.
 */
@Injectable()
export class RecoveryEventsRepository {
  constructor(private readonly db: DataSource) {}

  async count(w: RecoveryWindow): Promise<number> {
    const rows: { n: string }[] = await this.db.query(`SELECT count(*) AS n FROM (${this.candidates(w, '')}) c`, [
      w.tenantId,
      w.subscriptionId,
      w.since,
      w.until,
    ]);
    return Number(rows[0].n);
  }

  /** The next `limit` events with an id after `afterId`, in id order. */
  batch(w: RecoveryWindow, afterId: string | null, limit: number): Promise<RecoverableEvent[]> {
    return this.db.query(`SELECT id, payload FROM (${this.candidates(w, 'AND e.id > $5')}) c ORDER BY id LIMIT $6`, [
      w.tenantId,
      w.subscriptionId,
      w.since,
      w.until,
      afterId ?? '',
      limit,
    ]);
  }

  private candidates(w: RecoveryWindow, after: string): string {
    // subscription_id is compared as text on purpose: the lookup must go through the (tenant,
    // event) index; the (tenant, subscription) one would read every attempt of the subscription
    // for each event, which a planner with stale statistics (after a burst of events) may pick.
    const latestFailed = `
      WHERE (SELECT a.outcome FROM delivery_attempts a
              WHERE a.tenant_id = $1 AND a.event_id = d.id AND a.subscription_id::text = $2::uuid::text
                AND a.created_at >= $3::timestamptz - interval '1 hour' AND a.created_at < now() + interval '1 hour'
              ORDER BY a.created_at DESC, a.id DESC LIMIT 1) <> 'success'`;
    return `
      SELECT d.id, d.payload FROM (
        SELECT DISTINCT ON (e.id) e.id, coalesce(e.payload_text, e.payload::text) AS payload FROM events e
         WHERE e.tenant_id = $1 AND $2::uuid = ANY (e.subscription_ids)
           AND e.received_at >= $3::timestamptz AND e.received_at < $4::timestamptz ${after}
         ORDER BY e.id, e.received_at) d
      ${w.status === 'failed' ? latestFailed : ''}`;
  }
}
