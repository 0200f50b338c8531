import { Injectable, Logger } from '@nestjs/common';
import { counter } from '../../../platform/telemetry/metrics.js';
import { RateSliceStore, slicesPerSecond } from './rate-slice-store.js';
import { RateWindow, RecentStarts } from './rate-window.js';

const fallbacks = counter(
  'hookline_rate_limit_local_fallbacks_total',
  'Rate-limit claims served by this instance alone because Postgres did not answer',
);

/** After a failed claim, the shared row is left alone this long. */
const DB_PAUSE_MS = 5000;

interface Queue {
  tenantId: string;
  perSecond: number;
  waiters: (() => void)[];
  pumping: boolean;
  recent: RecentStarts;
}

/**
 * The per-subscription delivery rate (subscriptions.rate_limit_per_second), shared by every
 * instance of the deployment: a waiting start claims its token from the subscription's row in
 * subscription_rate_slices (RateSliceStore), one claim for every start waiting on this instance at
 * that moment, so a busy subscription costs at most one statement per slice and instance. A waiting
 * task holds one of its subscription's concurrency slots, so a slow limit never holds up other
 * subscriptions. Each instance also keeps its own starts within the limit in any 1-second window
 * (RecentStarts), so one instance alone is exact. While Postgres does not answer, each instance
 * paces alone at the full rate.
 */
@Injectable()
export class SubscriptionRateLimiter {
  private readonly queues = new Map<string, Queue>();
  private readonly localWindows = new Map<string, RateWindow>();
  private dbPausedUntil = 0;
  private readonly log = new Logger('RateLimit');

  constructor(private readonly store: RateSliceStore) {}

  async acquire(tenantId: string, subscriptionId: string, perSecond: number | null | undefined): Promise<void> {
    if (!perSecond || perSecond <= 0) return;
    if (Date.now() < this.dbPausedUntil) return this.localWait(subscriptionId, perSecond);
    let queue = this.queues.get(subscriptionId);
    if (!queue)
      this.queues.set(
        subscriptionId,
        (queue = { tenantId, perSecond, waiters: [], pumping: false, recent: new RecentStarts() }),
      );
    queue.perSecond = perSecond;
    const granted = new Promise<void>((resolve) => queue.waiters.push(resolve));
    if (!queue.pumping) void this.pump(subscriptionId, queue);
    return granted;
  }

  /** Claims tokens for the waiting starts, slice after slice, until none waits. */
  private async pump(id: string, queue: Queue): Promise<void> {
    queue.pumping = true;
    try {
      while (queue.waiters.length > 0) {
        const local = queue.recent.available(Date.now(), queue.perSecond);
        if (local.count === 0) {
          await new Promise((r) => setTimeout(r, Math.max(1, local.nextAt - Date.now())));
          continue;
        }
        const max = Math.ceil(queue.perSecond / slicesPerSecond(queue.perSecond));
        const want = Math.min(queue.waiters.length, max, local.count);
        const { granted, sliceLeftMs } = await this.store.claim(queue.tenantId, id, queue.perSecond, want);
        queue.recent.record(Date.now(), granted);
        queue.waiters.splice(0, granted).forEach((start) => start());
        if (granted < want) await new Promise((r) => setTimeout(r, sliceLeftMs));
      }
    } catch (error) {
      this.dbPausedUntil = Date.now() + DB_PAUSE_MS;
      fallbacks.inc();
      this.log.warn(`shared rate limit unavailable, pacing subscription ${id} locally for a while: ${String(error)}`);
      const waiting = queue.waiters.splice(0);
      for (const start of waiting) void this.localWait(id, queue.perSecond).then(start);
    } finally {
      queue.pumping = false;
      if (queue.waiters.length === 0) this.queues.delete(id);
    }
  }

  private async localWait(id: string, perSecond: number): Promise<void> {
    let window = this.localWindows.get(id);
    if (!window) this.localWindows.set(id, (window = new RateWindow(perSecond)));
    else if (window.rate !== perSecond) window.setRate(perSecond);
    const wait = window.reserve(Date.now());
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  }
}
