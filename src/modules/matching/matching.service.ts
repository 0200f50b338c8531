import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { SubscriptionSource } from './subscription-source.js';
import { SubscriptionTable, type SubscriptionView } from './subscription-table.js';

/** The changelog record the subscriptions module writes on every change (key = subscription id). */
export interface SubscriptionChangedV1 {
  type: 'SubscriptionChangedV1';
  id: string;
  tenant_id: string;
  version: number;
  deleted: boolean;
}

/**
 * Matching without a query per event: the table is loaded once at start and then kept fresh by
 * the compacted <prefix>.subscriptions changelog, which every instance reads from the beginning
 * (so nothing written between the load and the first fetch is missed; versions make replays cheap).
 */
@Injectable()
export class MatchingService implements OnModuleInit {
  readonly table = new SubscriptionTable();
  private readonly log = new Logger('Matching');

  constructor(private readonly source: SubscriptionSource) {}

  async onModuleInit(): Promise<void> {
    const all = await this.source.loadAllTenants();
    all.forEach((view) => this.table.upsert(view));
    this.log.log(`subscription table loaded: ${all.length} subscriptions`);
  }

  match(tenantId: string, eventType: string): SubscriptionView[] {
    return this.table.match(tenantId, eventType);
  }

  /** The held subscription, or the database's when this instance has not seen it yet. */
  async find(tenantId: string, id: string): Promise<SubscriptionView | undefined> {
    const held = this.table.get(id);
    if (held) return held.tenantId === tenantId ? held : undefined;
    const loaded = await this.source.loadOne(tenantId, id);
    if (loaded) this.table.upsert(loaded);
    return loaded;
  }

  /** Applies one changelog record; reloads the subscription only when the record is newer. */
  async apply(change: SubscriptionChangedV1): Promise<void> {
    if (change.deleted) return this.table.remove(change.id);
    const held = this.table.get(change.id);
    if (held && held.version >= change.version) return;
    const loaded = await this.source.loadOne(change.tenant_id, change.id);
    if (loaded) this.table.upsert(loaded);
    else this.table.remove(change.id);
  }

  /** A tombstone (null value) left by compaction or a hard delete. */
  forget(id: string): void {
    this.table.remove(id);
  }
}
