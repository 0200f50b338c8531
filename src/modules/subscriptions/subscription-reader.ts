import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { SigningSecret, SubscriptionStatus } from './subscription.entity.js';

/** What the pipeline needs of a subscription, held in memory by every ingest and delivery instance. */
export interface SubscriptionView {
  id: string;
  tenantId: string;
  url: string;
  events: string[];
  status: SubscriptionStatus;
  secrets: SigningSecret[];
  sendTraceparent: boolean;
  /** Deliveries per second, enforced by the failure handling; null means unlimited. */
  rateLimitPerSecond?: number | null;
  /** The CEL filter, compiled by the matcher once per version; null: every event of the types. */
  filter?: string | null;
  version: number;
}

/** What the failure handling and the alerts need: where to announce a status change, and how to sign it. */
export interface StatusRow {
  id: string;
  tenantId: string;
  url: string;
  alertUrl: string | null;
  status: SubscriptionStatus;
  secrets: SigningSecret[];
}

const VIEW_COLUMNS = `id, tenant_id, url, events, status, secrets, send_traceparent, rate_limit_per_second, filter, version`;

interface ViewRow {
  id: string;
  tenant_id: string;
  url: string;
  events: string[];
  status: SubscriptionStatus;
  secrets: SigningSecret[];
  send_traceparent: boolean;
  rate_limit_per_second: number | null;
  filter: string | null;
  version: number;
}

const toView = (r: ViewRow): SubscriptionView => ({
  id: r.id,
  tenantId: r.tenant_id,
  url: r.url,
  events: r.events,
  status: r.status,
  secrets: r.secrets,
  sendTraceparent: r.send_traceparent,
  rateLimitPerSecond: r.rate_limit_per_second,
  filter: r.filter,
  version: r.version,
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Every read of the subscriptions table from outside the REST resource: matching's table, the
 * delivery flow, the alerts, the delivery log and the operations. Read-only; SubscriptionsRepository
 * is the one writer. Every query is tenant-scoped except loadAllTenants.
 */
@Injectable()
export class SubscriptionReader {
  constructor(private readonly db: DataSource) {}

  /**
   * Every subscription of every tenant, once at start: the one query that is not tenant-scoped,
   * because the table serves all tenants. Disabled ones are kept so in-flight tasks can see them.
   */
  async loadAllTenants(): Promise<SubscriptionView[]> {
    const rows: ViewRow[] = await this.db.query(`SELECT ${VIEW_COLUMNS} FROM subscriptions`);
    return rows.map(toView);
  }

  /** Every subscription of one tenant: the fallback when the table cannot be shown fresh in time. */
  async loadTenant(tenantId: string): Promise<SubscriptionView[]> {
    const rows: ViewRow[] = await this.db.query(`SELECT ${VIEW_COLUMNS} FROM subscriptions WHERE tenant_id = $1`, [
      tenantId,
    ]);
    return rows.map(toView);
  }

  async loadOne(tenantId: string, id: string): Promise<SubscriptionView | undefined> {
    const rows: ViewRow[] = await this.db.query(
      `SELECT ${VIEW_COLUMNS} FROM subscriptions WHERE tenant_id = $1 AND id = $2`,
      [tenantId, id],
    );
    return rows.length > 0 ? toView(rows[0]) : undefined;
  }

  async findStatus(tenantId: string, id: string): Promise<StatusRow | undefined> {
    const rows: (Omit<StatusRow, 'tenantId' | 'alertUrl'> & { tenant_id: string; alert_url: string | null })[] =
      await this.db.query(
        `SELECT id, tenant_id, url, alert_url, status, secrets FROM subscriptions WHERE tenant_id = $1 AND id = $2`,
        [tenantId, id],
      );
    const r = rows[0];
    return (
      r && { id: r.id, tenantId: r.tenant_id, url: r.url, alertUrl: r.alert_url, status: r.status, secrets: r.secrets }
    );
  }

  /** The status alone; null when the tenant has no such subscription (or the id is not a UUID). */
  async statusOf(tenantId: string, id: string): Promise<SubscriptionStatus | null> {
    if (!UUID.test(id)) return null;
    const rows: { status: SubscriptionStatus }[] = await this.db.query(
      `SELECT status FROM subscriptions WHERE tenant_id = $1 AND id = $2`,
      [tenantId, id],
    );
    return rows[0]?.status ?? null;
  }

  async exists(tenantId: string, id: string): Promise<boolean> {
    const rows: unknown[] = await this.db.query(`SELECT 1 FROM subscriptions WHERE tenant_id = $1 AND id = $2`, [
      tenantId,
      id,
    ]);
    return rows.length > 0;
  }

  /** Where requests to the subscription go, and whether they carry a traceparent (the delivery log rebuilds them). */
  async requestTarget(tenantId: string, id: string): Promise<{ url: string; sendTraceparent: boolean } | undefined> {
    const rows: { url: string; send_traceparent: boolean }[] = await this.db.query(
      `SELECT url, send_traceparent FROM subscriptions WHERE tenant_id = $1 AND id = $2`,
      [tenantId, id],
    );
    return rows[0] && { url: rows[0].url, sendTraceparent: rows[0].send_traceparent };
  }
}
