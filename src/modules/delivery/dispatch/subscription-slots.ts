import type { Gauge } from 'prom-client';
import { gauge } from '../../../platform/telemetry/metrics.js';
import { OTHER_SUBSCRIPTIONS, subscriptionSeries } from '../../../platform/telemetry/subscription-series.js';

/** Requests a subscription may have in flight before any of its requests finished. */
const INITIAL_LIMIT = 4;

/** How a finished request moves its subscription's limit. */
export type SlotOutcome = 'answered' | 'overloaded';

/** What a slot's holder learnt from its request, for release(). */
export interface SentRequest {
  outcome?: SlotOutcome;
  firstByteMs?: number;
}

/**
 * An endpoint counts as slow once its first byte takes this many times its usual (floor) time, never
 * sooner than SLOW_MIN_MS nor later than SLOW_MAX_MS: well before a 30 s timeout says so.
 */
const SLOW_FACTOR = 10;
const SLOW_MIN_MS = 1_000;
const SLOW_MAX_MS = 5_000;
const SWEEP_MS = 250;
/**
 * Requests of other subscriptions that must finish while one waits before its wait counts against
 * its endpoint: when the whole process stalls (a database pause), every subscription waits and none
 * is singled out.
 */
const OTHERS_FINISHED_FOR_PLAIN_WAIT = 100;
/** How often a wait that timed out while the whole process stalled is looked at again. */
const RECHECK_MS = 1_000;

/**
 * Requests in flight per subscription across every consumer of this process (the deliveries topic
 * and each retry tier have their own buffers), with an adaptive limit per subscription (AIMD): a
 * subscription starts at a few requests, gains one for each request its endpoint answers, and halves
 * on a timeout, 429 or 503, never above DELIVERY_CONCURRENCY_PER_SUBSCRIPTION. A hanging endpoint
 * therefore holds a handful of connections, not its whole share, however many stages hold its tasks.
 *
 * Slowness is caught early, from time to first byte: an answer slower than the subscription's slow
 * threshold earns no extra slot, and while none of its requests has finished for that long the limit
 * halves once per threshold, as if each such window had ended in a timeout.
 */
export class SubscriptionSlots {
  private readonly held = new Map<string, number>();
  private readonly limits = new Map<string, number>();
  private readonly waiters = new Map<string, (() => void)[]>();
  /** When a request of each busy subscription last finished: a long wait means its endpoint hangs. */
  private readonly lastRelease = new Map<string, number>();
  /** Requests finished so far, all subscriptions, and that count as of each lastRelease. */
  private finished = 0;
  private readonly finishedAtLastRelease = new Map<string, number>();
  /** Fastest recent time to first byte per subscription (drifts up slowly when the endpoint slows for good). */
  private readonly floorMs = new Map<string, number>();
  private readonly lastPenalty = new Map<string, number>();
  /** Subscriptions whose limit moved since takeChanged() last ran (the circuit view's report). */
  private readonly changed = new Set<string>();
  /** When each request now waiting for its endpoint's answer was sent, per subscription. */
  private readonly sentAt = new Map<string, number[]>();

  constructor(private readonly maxPerSubscription: number) {
    setInterval(() => this.sweep(Date.now()), SWEEP_MS).unref();
    gauge(
      'hookline_subscription_concurrency_limit',
      'Adaptive limit of requests in flight, per busy subscription; subscription_id="_other": the lowest of the rest',
      ['subscription_id'],
      (g) => this.report(g),
    );
  }

  /** Each admitted subscription's limit (METRICS_MAX_SUBSCRIPTION_SERIES); the lowest of the others as _other. */
  private report(g: Gauge<'subscription_id'>): void {
    g.reset();
    let others = Infinity;
    for (const [id, limit] of this.limits) {
      const label = subscriptionSeries.label(id);
      if (label === OTHER_SUBSCRIPTIONS) others = Math.min(others, limit);
      else g.set({ subscription_id: label }, limit);
    }
    if (others !== Infinity) g.set({ subscription_id: OTHER_SUBSCRIPTIONS }, others);
  }

  limitOf(id: string): number {
    return this.limits.get(id) ?? Math.min(INITIAL_LIMIT, this.maxPerSubscription);
  }

  /**
   * True once a slot is held; false when the subscription is stuck (see stuck) after waiting
   * timeoutMs, or at once when it is stuck already (the caller steps aside).
   */
  async acquire(id: string, timeoutMs: number, now = Date.now()): Promise<boolean> {
    if (this.take(id, now)) return true;
    if (this.stuck(id, timeoutMs, now)) return false;
    return new Promise<boolean>((resolve) => {
      let timer: NodeJS.Timeout;
      const wake = () => {
        clearTimeout(timer);
        resolve(this.take(id));
      };
      const check = () => {
        if (!this.stuck(id, timeoutMs, Date.now())) return void (timer = setTimeout(check, RECHECK_MS));
        const queue = this.waiters.get(id) ?? [];
        const at = queue.indexOf(wake);
        if (at >= 0) queue.splice(at, 1);
        resolve(false);
      };
      timer = setTimeout(check, timeoutMs);
      this.waiters.set(id, [...(this.waiters.get(id) ?? []), wake]);
    });
  }

  /**
   * Every slot held, none freed for timeoutMs, while other subscriptions' requests kept finishing
   * and one of its requests waits for an answer past its slow threshold: its endpoint holds it, not
   * the process.
   */
  private stuck(id: string, timeoutMs: number, now: number): boolean {
    const since = this.lastRelease.get(id);
    if (since === undefined || now - since < timeoutMs) return false;
    const others = this.finished - (this.finishedAtLastRelease.get(id) ?? this.finished);
    return others >= OTHERS_FINISHED_FOR_PLAIN_WAIT && this.endpointHolds(id, now);
  }

  /**
   * Marks a request to the subscription's endpoint as sent; the function returned marks its answer
   * (or its failure) as come.
   */
  sending(id: string, now = Date.now()): () => void {
    const sent = this.sentAt.get(id) ?? [];
    sent.push(now);
    this.sentAt.set(id, sent);
    return () => {
      sent.splice(sent.indexOf(now), 1);
      if (sent.length === 0) this.sentAt.delete(id);
    };
  }

  /**
   * True while one of the subscription's requests has waited for its answer longer than its slow
   * threshold: its endpoint, not the process (a database flush, a busy machine), holds its tasks.
   */
  endpointHolds(id: string, now = Date.now()): boolean {
    const sent = this.sentAt.get(id);
    return sent !== undefined && now - Math.min(...sent) >= this.slowAfterMs(id);
  }

  /** When the endpoint counts as slow: a multiple of its floor time to first byte, within bounds. */
  slowAfterMs(id: string): number {
    const floor = this.floorMs.get(id);
    return floor === undefined ? SLOW_MIN_MS : Math.min(SLOW_MAX_MS, Math.max(SLOW_MIN_MS, floor * SLOW_FACTOR));
  }

  /**
   * Halves the limit of each subscription that has had requests in flight and none finished for its
   * slow threshold, one of them waiting for its endpoint that long.
   */
  sweep(now: number): void {
    for (const [id, since] of this.lastRelease) {
      const slowAfter = this.slowAfterMs(id);
      if (now - since < slowAfter || now - (this.lastPenalty.get(id) ?? 0) < slowAfter) continue;
      if (!this.endpointHolds(id, now)) continue;
      this.lastPenalty.set(id, now);
      this.adapt(id, 'overloaded');
    }
  }

  /**
   * `outcome`: how the request went, when one was sent; `firstByteMs`: how long its answer took to
   * start. Both move the subscription's limit.
   */
  release(id: string, outcome?: SlotOutcome, firstByteMs?: number): void {
    if (outcome === 'answered' && firstByteMs !== undefined) {
      const slow = firstByteMs > this.slowAfterMs(id);
      this.observeFirstByte(id, firstByteMs);
      if (!slow) this.adapt(id, outcome);
    } else if (outcome) this.adapt(id, outcome);
    const left = (this.held.get(id) ?? 1) - 1;
    this.finished++;
    if (left <= 0) {
      this.held.delete(id);
      this.lastRelease.delete(id);
      this.finishedAtLastRelease.delete(id);
      this.lastPenalty.delete(id);
    } else {
      this.held.set(id, left);
      this.markRelease(id, Date.now());
    }
    this.wakeWaiters(id);
  }

  private observeFirstByte(id: string, ms: number): void {
    const floor = this.floorMs.get(id);
    this.floorMs.set(id, floor === undefined || ms < floor ? ms : floor + (ms - floor) / 50);
  }

  private adapt(id: string, outcome: SlotOutcome): void {
    const limit = this.limitOf(id);
    const next =
      outcome === 'answered' ? Math.min(this.maxPerSubscription, limit + 1) : Math.max(1, Math.floor(limit / 2));
    if (next !== limit) this.changed.add(id);
    this.limits.set(id, next);
  }

  /** A deleted subscription: what is kept of it goes (its requests still in flight keep their slots). */
  forget(id: string): void {
    this.limits.delete(id);
    this.floorMs.delete(id);
    this.changed.delete(id);
  }

  /** The limits that moved since the last call, for reporting them beyond this process. */
  takeChanged(): Map<string, number> {
    const moved = new Map([...this.changed].map((id) => [id, this.limitOf(id)]));
    this.changed.clear();
    return moved;
  }

  private wakeWaiters(id: string): void {
    const queue = this.waiters.get(id);
    while (queue && queue.length > 0 && (this.held.get(id) ?? 0) < this.limitOf(id)) queue.shift()!();
    if (queue?.length === 0) this.waiters.delete(id);
  }

  private markRelease(id: string, now: number): void {
    this.lastRelease.set(id, now);
    this.finishedAtLastRelease.set(id, this.finished);
  }

  private take(id: string, now = Date.now()): boolean {
    const held = this.held.get(id) ?? 0;
    if (held >= this.limitOf(id)) return false;
    if (held === 0) this.markRelease(id, now);
    this.held.set(id, held + 1);
    return true;
  }
}
