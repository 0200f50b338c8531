import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** Events a subscription was sent, received in [since, until). */
export interface SentWindow {
  tenantId: string;
  subscriptionId: string;
  since: string;
  until: string;
}

/** A stored event: its envelope {id, type, created_at, data} as JSON text, data as first delivered. */
export interface StoredPayload {
  id: string;
  payload: string;
}

/** The window's events that went to the subscription, each once, in id order after $5, at most $6 (all when null). */
const SENT_TO = `
  SELECT DISTINCT ON (e.id) e.id, coalesce(e.payload_text, e.payload::text) AS payload FROM events e
   WHERE e.tenant_id = $1 AND $2::uuid = ANY (e.subscription_ids)
     AND e.received_at >= $3::timestamptz AND e.received_at < $4::timestamptz AND e.id > $5
   ORDER BY e.id, e.received_at
   LIMIT $6`;

/**
 * The read side of the events table (kept EVENT_RETENTION_DAYS), for the modules that look back at
 * what ingest stored: the delivery log rebuilds a request, a recovery walks a window. Ingest's
 * EventStore writes the table; nothing else queries it. payload_text is the exact text as received
 * (older rows have only jsonb, which cannot hold U+0000).
 */
@Injectable()
export class EventHistory {
  constructor(private readonly db: DataSource) {}

  /** The tenant's event as stored, or null (never stored, or past retention). */
  async payloadOf(tenantId: string, eventId: string): Promise<string | null> {
    const [event] = (await this.db.query(
      `SELECT coalesce(payload_text, payload::text) AS payload FROM events WHERE tenant_id = $1 AND id = $2 LIMIT 1`,
      [tenantId, eventId],
    )) as { payload: string }[];
    return event?.payload ?? null;
  }

  /**
   * Up to `limit` of the window's events with an id after `afterId`, in id order. An event stored
   * twice (its ingest record was read again) comes once, and each call is a short range scan of the
   * (tenant, id) index after the last id, whatever the table's statistics say.
   */
  sentTo(w: SentWindow, afterId: string, limit: number): Promise<StoredPayload[]> {
    return this.db.query(`SELECT id, payload FROM (${SENT_TO}) c`, sentToParams(w, afterId, limit));
  }

  /** How many of the window's events went to the subscription. */
  async countSentTo(w: SentWindow): Promise<number> {
    const rows: { n: string }[] = await this.db.query(
      `SELECT count(*) AS n FROM (${SENT_TO}) c`,
      sentToParams(w, '', null),
    );
    return Number(rows[0].n);
  }
}

function sentToParams(w: SentWindow, afterId: string, limit: number | null): unknown[] {
  return [w.tenantId, w.subscriptionId, w.since, w.until, afterId, limit];
}
