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

/** A position in the walk: (received_at, id) of the last event handled; received_at as exact text. */
export interface EventPosition {
  receivedAt: string;
  id: string;
}

export interface RecoverableEvent {
  id: string;
  received_key: string;
  payload: { id: string; type: string; created_at: string; data: Record<string, unknown> };
}

/**
 * Selects the events of a window that went to the subscription, from the events table (kept
 * EVENT_RETENTION_DAYS for this). An event stored twice (its ingest record was redelivered) counts
 * once: only its first copy in the window. Its latest attempt is looked up among attempts made
 * since the window opened (an attempt never precedes its event; the hour absorbs clock skew),
 * which keeps the lookup to the few daily partitions that can hold it.
 */
@Injectable()
export class RecoveryEventsRepository {
  constructor(private readonly db: DataSource) {}

  async count(w: RecoveryWindow): Promise<number> {
    const rows: { n: string }[] = await this.db.query(`SELECT count(*) AS n ${this.from(w)}`, [
      w.tenantId,
      w.subscriptionId,
      w.since,
      w.until,
    ]);
    return Number(rows[0].n);
  }

  /** The next `limit` events after `after`, in (received_at, id) order. */
  batch(w: RecoveryWindow, after: EventPosition | null, limit: number): Promise<RecoverableEvent[]> {
    const params: unknown[] = [w.tenantId, w.subscriptionId, w.since, w.until, limit];
    let keyset = '';
    if (after) {
      params.push(after.receivedAt, after.id);
      keyset = `AND (e.received_at, e.id) > ($6::timestamptz, $7)`;
    }
    return this.db.query(
      `SELECT e.id, e.received_at::text AS received_key, e.payload ${this.from(w)} ${keyset}
        ORDER BY e.received_at, e.id LIMIT $5`,
      params,
    );
  }

  private from(w: RecoveryWindow): string {
    const latestFailed = `
      AND (SELECT a.outcome FROM delivery_attempts a
            WHERE a.tenant_id = e.tenant_id AND a.subscription_id = $2::uuid AND a.event_id = e.id
              AND a.created_at >= $3::timestamptz - interval '1 hour' AND a.created_at < now() + interval '1 hour'
            ORDER BY a.created_at DESC, a.id DESC LIMIT 1) <> 'success'`;
    return `FROM events e
      WHERE e.tenant_id = $1 AND $2::uuid = ANY (e.subscription_ids)
        AND e.received_at >= $3::timestamptz AND e.received_at < $4::timestamptz
        AND NOT EXISTS (
          SELECT 1 FROM events d
           WHERE d.tenant_id = e.tenant_id AND d.id = e.id AND $2::uuid = ANY (d.subscription_ids)
             AND d.received_at >= $3::timestamptz AND d.received_at < e.received_at)
        ${w.status === 'failed' ? latestFailed : ''}`;
  }
}
