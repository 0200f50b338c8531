import type { Counter, Gauge } from 'prom-client';

/** The label value of the subscriptions beyond the cap (or no longer followed): their series summed. */
export const OTHER_SUBSCRIPTIONS = '_other';
export const IDLE_SERIES_MS = 3_600_000;

type SubscriptionMetric = Pick<Counter<'subscription_id'> | Gauge<'subscription_id'>, 'remove'>;

/**
 * Which subscriptions have series of their own in the per-subscription metrics (whose only label is
 * subscription_id): at most METRICS_MAX_SUBSCRIPTION_SERIES of them, admitted as they show activity;
 * the others count under subscription_id="_other". A subscription's series are removed when it is
 * deleted and when it has shown no activity for an hour, which frees its place. Process-wide, like
 * the metrics registry it serves.
 */
export class SubscriptionSeries {
  private readonly seen = new Map<string, number>();
  private readonly metrics = new Set<SubscriptionMetric>();
  private max = 500;

  constructor(private readonly idleMs = IDLE_SERIES_MS) {}

  configure(maxSubscriptions: number): void {
    this.max = maxSubscriptions;
  }

  /** A metric labelled by subscription_id only, whose series this removes. */
  track<M extends SubscriptionMetric>(metric: M): M {
    this.metrics.add(metric);
    return metric;
  }

  /** Activity of the subscription: its label, admitting it when there is room. */
  touch(id: string, now = Date.now()): string {
    if (this.seen.has(id) || this.seen.size < this.max) {
      this.seen.set(id, now);
      return id;
    }
    return OTHER_SUBSCRIPTIONS;
  }

  /** Its label without activity (a gauge read at scrape time): its own when admitted, else _other. */
  label(id: string): string {
    return this.seen.has(id) ? id : OTHER_SUBSCRIPTIONS;
  }

  /** The subscription's series go (it was deleted, or has been idle an hour). */
  forget(id: string): void {
    if (!this.seen.delete(id)) return;
    for (const metric of this.metrics) metric.remove({ subscription_id: id });
  }

  /** Forgets every subscription idle for an hour or more. */
  sweep(now = Date.now()): void {
    for (const [id, at] of this.seen) if (now - at >= this.idleMs) this.forget(id);
  }

  get size(): number {
    return this.seen.size;
  }
}

/** The one instance, beside prom-client's global registry. */
export const subscriptionSeries = new SubscriptionSeries();
