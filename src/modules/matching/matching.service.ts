import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { AppConfig } from '../../platform/config/app-config.js';
import { counter, histogram } from '../../platform/telemetry/metrics.js';
import { subscriptionSeries } from '../../platform/telemetry/subscription-series.js';
import { ChangelogFreshness } from './changelog-freshness.js';
import { MatchingLease } from './matching-lease.js';
import { SubscriptionReader, type SubscriptionView } from '../subscriptions/subscription-reader.js';
import { SubscriptionSecrets } from '../subscriptions/subscription-secrets.js';
import { SubscriptionTable } from './subscription-table.js';
import { SubscriptionFilters } from './subscription-filters.js';
import type { FilterEvent } from '../filters/filter-input.js';

/** The changelog record the subscriptions module writes on every change (key = subscription id). */
export interface SubscriptionChangedV1 {
  type: 'SubscriptionChangedV1';
  id: string;
  tenant_id: string;
  version: number;
  deleted: boolean;
}

const waits = counter(
  'hookline_ingest_freshness_waits_total',
  'Events that waited for the subscription table to be fresh',
);
const fallbacks = counter(
  'hookline_ingest_freshness_fallbacks_total',
  'Events matched against the database because the table could not be shown fresh in time',
);
const waited = histogram(
  'hookline_ingest_freshness_wait_seconds',
  'How long events waited for a fresh subscription table',
  [],
  [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
);

/**
 * Matching without a query per event: the table is loaded once at start and then kept fresh by
 * the compacted <prefix>.subscriptions changelog, which every instance reads from the beginning
 * (so nothing written between the load and the first fetch is missed; versions make replays cheap).
 */
@Injectable()
export class MatchingService implements OnModuleInit {
  readonly table = new SubscriptionTable();
  private readonly filters = new SubscriptionFilters();
  private readonly log = new Logger('Matching');
  private readonly forgetters: ((id: string) => void)[] = [];

  constructor(
    private readonly source: SubscriptionReader,
    private readonly freshness: ChangelogFreshness,
    private readonly lease: MatchingLease,
    private readonly config: AppConfig,
    private readonly secrets: SubscriptionSecrets,
  ) {}

  async onModuleInit(): Promise<void> {
    const all = await this.source.loadAllTenants();
    all.forEach((view) => this.table.upsert(view));
    this.log.log(`subscription table loaded: ${all.length} subscriptions`);
  }

  match(tenantId: string, eventType: string): SubscriptionView[] {
    return this.table.match(tenantId, eventType);
  }

  /**
   * The subscriptions an event published at `publishedAt` goes to: its type and wildcards first,
   * then each of those subscriptions' filter (compiled once per version).
   */
  async matchAsOf(tenantId: string, event: FilterEvent, publishedAt: number): Promise<SubscriptionView[]> {
    return this.filters.apply(await this.matchTypeAsOf(tenantId, event.type, publishedAt), event);
  }

  /**
   * By type and wildcard, matched against every change answered before the event was published.
   * At once while this instance holds its matching lease (every writer waited until it had applied
   * its change); otherwise it waits (bounded by INGEST_FRESHNESS_WAIT_MS) until the table is fresh
   * as of that time, else reads the tenant's subscriptions from the database.
   */
  private async matchTypeAsOf(tenantId: string, eventType: string, publishedAt: number): Promise<SubscriptionView[]> {
    const started = Date.now();
    const bound = this.config.ingest.freshnessWaitMs;
    if (bound === 0 || this.lease.covers(started) || this.freshness.caughtUpAsOf >= Math.min(publishedAt, started))
      return this.match(tenantId, eventType);
    waits.inc();
    const fresh = await this.freshness.freshWithin(publishedAt, bound);
    waited.observe((Date.now() - started) / 1000);
    if (fresh) return this.match(tenantId, eventType);
    fallbacks.inc();
    const fromDatabase = new SubscriptionTable();
    (await this.source.loadTenant(tenantId)).forEach((view) => fromDatabase.upsert(view));
    return fromDatabase.match(tenantId, eventType);
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
    if (change.deleted) return this.forget(change.id);
    const held = this.table.get(change.id);
    if (held && held.version >= change.version) return;
    const loaded = await this.source.loadOne(change.tenant_id, change.id);
    if (loaded) this.table.upsert(loaded);
    else this.forget(change.id);
  }

  /**
   * A deletion, or a tombstone (null value) left by compaction: the subscription, its opened keys,
   * its metric series and what other parts of the process keep of it (onForget) go.
   */
  forget(id: string): void {
    this.table.remove(id);
    this.secrets.forget(id);
    this.filters.forget(id);
    subscriptionSeries.forget(id);
    for (const forget of this.forgetters) forget(id);
  }

  /** Called with the id of every subscription deleted from now on. */
  onForget(forget: (id: string) => void): void {
    this.forgetters.push(forget);
  }
}
