import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { SigningSecret, SubscriptionStatus } from '../../subscriptions/subscription.entity.js';

export interface StatusRow {
  id: string;
  tenantId: string;
  url: string;
  alertUrl: string | null;
  status: SubscriptionStatus;
  secrets: SigningSecret[];
}

/** The status columns of subscriptions, read and moved by the failure handling (tenant-scoped). */
@Injectable()
export class SubscriptionStatusRepository {
  constructor(private readonly db: DataSource) {}

  async find(tenantId: string, id: string): Promise<StatusRow | undefined> {
    const rows: {
      id: string;
      tenant_id: string;
      url: string;
      alert_url: string | null;
      status: SubscriptionStatus;
      secrets: SigningSecret[];
    }[] = await this.db.query(
      `SELECT id, tenant_id, url, alert_url, status, secrets FROM subscriptions WHERE tenant_id = $1 AND id = $2`,
      [tenantId, id],
    );
    const r = rows[0];
    return (
      r && { id: r.id, tenantId: r.tenant_id, url: r.url, alertUrl: r.alert_url, status: r.status, secrets: r.secrets }
    );
  }

  /**
   * Moves the status only if it is still `from` (two instances exhausting tasks of one subscription
   * at once change it once); returns the new version and time, or undefined when it had moved.
   * `inTx` runs in the same transaction once it moved (the changelog outbox stages its record there).
   */
  async transition(
    tenantId: string,
    id: string,
    from: SubscriptionStatus,
    to: SubscriptionStatus,
    reason: string,
    inTx: (tx: EntityManager, version: number) => Promise<void>,
  ): Promise<{ version: number; changedAt: Date } | undefined> {
    return this.db.transaction(async (tx) => {
      const moved = await this.move(tx, tenantId, id, from, to, reason);
      if (moved) await inTx(tx, moved.version);
      return moved;
    });
  }

  private async move(
    tx: EntityManager,
    tenantId: string,
    id: string,
    from: SubscriptionStatus,
    to: SubscriptionStatus,
    reason: string,
  ): Promise<{ version: number; changedAt: Date } | undefined> {
    const rows: { version: number; status_changed_at: Date }[] = await tx.query(
      `UPDATE subscriptions
          SET status = $4, status_reason = $5, status_changed_at = now(), version = version + 1, updated_at = now()
        WHERE tenant_id = $1 AND id = $2 AND status = $3
        RETURNING version, status_changed_at`,
      [tenantId, id, from, to, reason.slice(0, 1000)],
    );
    // TypeORM returns [rows, count] for UPDATE … RETURNING on postgres.
    const row = (Array.isArray(rows[0]) ? (rows[0] as unknown[])[0] : rows[0]) as
      { version: number; status_changed_at: Date } | undefined;
    return row && { version: row.version, changedAt: new Date(row.status_changed_at) };
  }
}
