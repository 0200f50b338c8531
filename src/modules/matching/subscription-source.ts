import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { SubscriptionView } from './subscription-table.js';

const COLUMNS = `id, tenant_id, url, events, status, secrets, send_traceparent, rate_limit_per_second, version`;

interface Row {
  id: string;
  tenant_id: string;
  url: string;
  events: string[];
  status: SubscriptionView['status'];
  secrets: SubscriptionView['secrets'];
  send_traceparent: boolean;
  rate_limit_per_second: number | null;
  version: number;
}

const toView = (r: Row): SubscriptionView => ({
  id: r.id,
  tenantId: r.tenant_id,
  url: r.url,
  events: r.events,
  status: r.status,
  secrets: r.secrets,
  sendTraceparent: r.send_traceparent,
  rateLimitPerSecond: r.rate_limit_per_second,
  version: r.version,
});

/** Reads subscriptions for the in-memory table; read-only, the subscriptions module owns writes. */
@Injectable()
export class SubscriptionSource {
  constructor(private readonly db: DataSource) {}

  /**
   * Every subscription of every tenant, once at start: the one query that is not tenant-scoped,
   * because the table serves all tenants. Disabled ones are kept so in-flight tasks can see them.
   */
  async loadAllTenants(): Promise<SubscriptionView[]> {
    const rows: Row[] = await this.db.query(`SELECT ${COLUMNS} FROM subscriptions`);
    return rows.map(toView);
  }

  /** Every subscription of one tenant: the fallback when the table cannot be shown fresh in time. */
  async loadTenant(tenantId: string): Promise<SubscriptionView[]> {
    const rows: Row[] = await this.db.query(`SELECT ${COLUMNS} FROM subscriptions WHERE tenant_id = $1`, [tenantId]);
    return rows.map(toView);
  }

  async loadOne(tenantId: string, id: string): Promise<SubscriptionView | undefined> {
    const rows: Row[] = await this.db.query(`SELECT ${COLUMNS} FROM subscriptions WHERE tenant_id = $1 AND id = $2`, [
      tenantId,
      id,
    ]);
    return rows.length > 0 ? toView(rows[0]) : undefined;
  }
}
