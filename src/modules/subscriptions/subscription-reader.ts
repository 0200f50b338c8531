import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { StoredAuth, StoredHeaders } from './endpoint-settings.js';
import type { OrderingSetting } from './ordering-setting.js';
import type { SigningSecret, SubscriptionStatus } from './subscription.entity.js';

/** What the pipeline needs of a subscription, held in memory by every ingest and delivery instance. */
export interface SubscriptionView {
  id: string;
  tenantId: string;
  url: string;
  events: string[];
  status: SubscriptionStatus;
  /** Sealed; SubscriptionSecrets opens them (per version) to sign. */
  secrets: SigningSecret[];
  sendTraceparent: boolean;
  /** Deliveries per second, enforced by the failure handling; null means unlimited. */
  rateLimitPerSecond?: number | null;
  /** The CEL filter, compiled by the matcher once per version; null: every event of the types. */
  filter?: string | null;
  /** Ordered delivery: its events go to the ordered lane instead of fan-out; null or absent: unordered. */
  ordering?: OrderingSetting | null;
  version: number;
  /** Static headers and the endpoint's auth, secrets sealed; SubscriptionCredentials opens them (per version). */
  headers?: StoredHeaders;
  auth?: StoredAuth | null;
}

/** What the failure handling and the alerts need: where to announce a status change, and how to sign it. */
export interface StatusRow {
  id: string;
  tenantId: string;
  url: string;
  alertUrl: string | null;
  status: SubscriptionStatus;
  /** Sealed; SubscriptionSecrets opens them (per version) to sign. */
  secrets: SigningSecret[];
  version: number;
  /** Alerts present the endpoint's headers and auth too. */
  headers: StoredHeaders;
  auth: StoredAuth | null;
}

const VIEW_COLUMNS = `id, tenant_id, url, events, status, secrets, send_traceparent, rate_limit_per_second, filter, ordering, version, headers, auth`;

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
  ordering: OrderingSetting | null;
  version: number;
  headers: StoredHeaders;
  auth: StoredAuth | null;
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
  ordering: r.ordering,
  version: r.version,
  headers: r.headers,
  auth: r.auth,
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
        `SELECT id, tenant_id, url, alert_url, status, secrets, version, headers, auth
           FROM subscriptions WHERE tenant_id = $1 AND id = $2`,
        [tenantId, id],
      );
    const r = rows[0];
    if (!r) return undefined;
    const { id: rowId, url, status, secrets, version, headers, auth } = r;
    return { id: rowId, tenantId: r.tenant_id, url, alertUrl: r.alert_url, status, secrets, version, headers, auth };
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

  /**
   * Every subscription that presents a client certificate, with its expiry, across tenants: the
   * operator's metric of certificates near expiry (no credential leaves the row).
   */
  async clientCertificateExpiries(): Promise<{ id: string; notAfter: Date }[]> {
    const rows: { id: string; not_after: string }[] = await this.db.query(
      `SELECT id, auth->'certificate'->>'not_after' AS not_after FROM subscriptions WHERE auth->>'type' = 'mtls'`,
    );
    return rows.map((r) => ({ id: r.id, notAfter: new Date(r.not_after) }));
  }

  /**
   * Where requests to the subscription go, whether they carry a traceparent, and its endpoint
   * settings, secrets sealed (the delivery log rebuilds requests and masks them).
   */
  async requestTarget(
    tenantId: string,
    id: string,
  ): Promise<{ url: string; sendTraceparent: boolean; headers: StoredHeaders; auth: StoredAuth | null } | undefined> {
    const rows: { url: string; send_traceparent: boolean; headers: StoredHeaders; auth: StoredAuth | null }[] =
      await this.db.query(
        `SELECT url, send_traceparent, headers, auth FROM subscriptions WHERE tenant_id = $1 AND id = $2`,
        [tenantId, id],
      );
    const row = rows[0];
    return row && { url: row.url, sendTraceparent: row.send_traceparent, headers: row.headers, auth: row.auth };
  }
}
