import type { SubscriptionView } from '../subscriptions/subscription-reader.js';

interface TenantIndex {
  exact: Map<string, Set<string>>;
  /** `order.*` is stored under `order.` and matches every type that starts with it. */
  prefix: Map<string, Set<string>>;
  all: Set<string>;
}

const add = (map: Map<string, Set<string>>, key: string, id: string) => {
  const set = map.get(key) ?? new Set<string>();
  set.add(id);
  map.set(key, set);
};
const drop = (map: Map<string, Set<string>>, key: string, id: string) => {
  const set = map.get(key);
  if (set?.delete(id) && set.size === 0) map.delete(key);
};

/**
 * The subscription table: every known subscription by id, and an index of the enabled ones (active or failing) per
 * tenant by event pattern, so matching an event costs a few map lookups (one per dot in its type)
 * whatever the number of subscriptions.
 */
export class SubscriptionTable {
  private readonly byId = new Map<string, SubscriptionView>();
  private readonly tenants = new Map<string, TenantIndex>();

  get size(): number {
    return this.byId.size;
  }

  get(id: string): SubscriptionView | undefined {
    return this.byId.get(id);
  }

  /** Inserts or replaces; an older version than the one held is ignored (changelog replays). */
  upsert(view: SubscriptionView): void {
    const held = this.byId.get(view.id);
    if (held && held.version > view.version) return;
    if (held) this.unindex(held);
    this.byId.set(view.id, view);
    // A failing subscription keeps receiving events: its next success is what makes it active again.
    if (view.status !== 'disabled') this.index(view);
  }

  remove(id: string): void {
    const held = this.byId.get(id);
    if (!held) return;
    this.unindex(held);
    this.byId.delete(id);
  }

  /** Enabled (active or failing) subscriptions of the tenant whose patterns match the event type. */
  match(tenantId: string, eventType: string): SubscriptionView[] {
    const index = this.tenants.get(tenantId);
    if (!index) return [];
    const ids = new Set<string>(index.all);
    index.exact.get(eventType)?.forEach((id) => ids.add(id));
    for (let dot = eventType.indexOf('.'); dot !== -1; dot = eventType.indexOf('.', dot + 1)) {
      index.prefix.get(eventType.slice(0, dot + 1))?.forEach((id) => ids.add(id));
    }
    return [...ids].map((id) => this.byId.get(id)!);
  }

  private index(view: SubscriptionView): void {
    let index = this.tenants.get(view.tenantId);
    if (!index) this.tenants.set(view.tenantId, (index = { exact: new Map(), prefix: new Map(), all: new Set() }));
    for (const pattern of view.events) {
      if (pattern === '*') index.all.add(view.id);
      else if (pattern.endsWith('.*')) add(index.prefix, pattern.slice(0, -1), view.id);
      else add(index.exact, pattern, view.id);
    }
  }

  private unindex(view: SubscriptionView): void {
    const index = this.tenants.get(view.tenantId);
    if (!index) return;
    for (const pattern of view.events) {
      if (pattern === '*') index.all.delete(view.id);
      else if (pattern.endsWith('.*')) drop(index.prefix, pattern.slice(0, -1), view.id);
      else drop(index.exact, pattern, view.id);
    }
    if (index.all.size + index.exact.size + index.prefix.size === 0) this.tenants.delete(view.tenantId);
  }
}
