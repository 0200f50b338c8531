import { PRESSURE, relativeThreshold } from './pressure-thresholds.js';

/** How a finished request moves its subscription's limit. */
export type SlotOutcome = 'answered' | 'overloaded';

/** What a slot's holder learnt from its request, for release(). */
export interface SentRequest {
  outcome?: SlotOutcome;
  firstByteMs?: number;
}

/** What the slots know of one subscription. */
interface Load {
  held: number;
  limit: number;
  /** The limit moved at least once (the gauge shows it). */
  adapted: boolean;
  waiters: (() => void)[];
  /** Tasks of the direct lane waiting for a slot (each holds an ingest record): served before `waiters`. */
  firstWaiters: (() => void)[];
  /** When each request now waiting for its endpoint's answer was sent. */
  sentAt: number[];
  /** Fastest recent time to first byte (drifts up slowly when the endpoint slows for good). */
  floorMs?: number;
  /** How long the subscription's slots are usually held (moving average). */
  usualMs?: number;
  /** While slots are held: when one was last freed (or the first taken), and finished() then. */
  progressAt?: number;
  finishedAtProgress: number;
  lastPenaltyAt: number;
  /** Its subscription was deleted: the load goes once its last slot is freed. */
  forgotten?: boolean;
}

/**
 * Requests in flight per subscription across every consumer of this process (the deliveries topic
 * and each retry tier have their own buffers), with an adaptive limit per subscription (AIMD): a
 * subscription starts at a few requests, gains one for each request its endpoint answers promptly,
 * and halves on a timeout, 429 or 503, never above DELIVERY_CONCURRENCY_PER_SUBSCRIPTION. A hanging
 * endpoint therefore holds a handful of connections, not its whole share.
 *
 * These are the facts the pressure owner judges from: when each subscription last made progress,
 * whether one of its requests waits for its endpoint past its slow threshold, how many requests of
 * others finished meanwhile. The slots themselves judge nothing but their limit.
 */
export class RequestSlots {
  private readonly loads = new Map<string, Load>();
  /** Requests finished so far, all subscriptions. */
  private finished = 0;
  /** Subscriptions whose limit moved since takeChanged() last ran (the circuit view's report). */
  private readonly changed = new Set<string>();

  constructor(private readonly maxPerSubscription: number) {}

  private load(id: string): Load {
    let load = this.loads.get(id);
    if (!load) {
      const limit = Math.min(PRESSURE.initialLimit, this.maxPerSubscription);
      load = {
        ...{ held: 0, limit, adapted: false, waiters: [], firstWaiters: [], sentAt: [] },
        ...{ finishedAtProgress: 0, lastPenaltyAt: 0 },
      };
      this.loads.set(id, load);
    }
    return load;
  }

  limitOf(id: string): number {
    return this.loads.get(id)?.limit ?? Math.min(PRESSURE.initialLimit, this.maxPerSubscription);
  }

  /** The limit of every subscription whose limit has moved, for the gauge. */
  limits(): [string, number][] {
    return [...this.loads].filter(([, load]) => load.adapted).map(([id, load]) => [id, load.limit]);
  }

  /** Takes a slot when one is free under the subscription's limit. */
  tryTake(id: string, now = Date.now()): boolean {
    const load = this.load(id);
    if (load.held >= load.limit) return false;
    if (load.held === 0) this.progressed(load, now);
    load.held++;
    return true;
  }

  /**
   * Resolves true once a slot is taken. After timeoutMs, and every recheckMs after that, `givesUp`
   * is asked whether to stop waiting (then false); the waiter keeps its place in line meanwhile.
   * `first`: the waiter is served before the others (a task of the direct lane, holding an ingest
   * record, goes before tasks waiting in a topic's consumer).
   */
  waitForSlot(
    id: string,
    timeoutMs: number,
    recheckMs: number,
    givesUp: () => boolean,
    first = false,
  ): Promise<boolean> {
    const load = this.load(id);
    const line = first ? load.firstWaiters : load.waiters;
    return new Promise<boolean>((resolve) => {
      let timer: NodeJS.Timeout;
      const wake = () => {
        clearTimeout(timer);
        resolve(this.tryTake(id));
      };
      const check = () => {
        if (!givesUp()) return void (timer = setTimeout(check, recheckMs));
        const at = line.indexOf(wake);
        if (at >= 0) line.splice(at, 1);
        resolve(false);
      };
      timer = setTimeout(check, timeoutMs);
      line.push(wake);
    });
  }

  /** Tasks of the direct lane now waiting for one of the subscription's slots. */
  waitingFirst(id: string): number {
    return this.loads.get(id)?.firstWaiters.length ?? 0;
  }

  /** Marks a request as sent to the endpoint; the function returned marks its answer (or failure) as come. */
  sending(id: string, now = Date.now()): () => void {
    const { sentAt } = this.load(id);
    sentAt.push(now);
    return () => void sentAt.splice(sentAt.indexOf(now), 1);
  }

  /**
   * Frees a slot. `sent`: how its request went, when one was sent (the first byte's time, and
   * whether the endpoint answered or was overloaded) moves the limit; `heldMs`: how long the slot
   * was held, the subscription's usual request time. True when the endpoint answered in time (its
   * first byte within the slow threshold): a late answer moves neither the limit nor the deferral.
   */
  release(id: string, sent: SentRequest = {}, heldMs?: number): boolean {
    const load = this.load(id);
    const { outcome, firstByteMs } = sent;
    let slow = false;
    if (outcome === 'answered' && firstByteMs !== undefined) {
      slow = firstByteMs > this.slowAfterMs(id);
      load.floorMs =
        load.floorMs === undefined || firstByteMs < load.floorMs
          ? firstByteMs
          : load.floorMs + (firstByteMs - load.floorMs) * PRESSURE.floorDrift;
      if (!slow) this.adapt(id, load, outcome);
    } else if (outcome) this.adapt(id, load, outcome);
    if (heldMs !== undefined)
      load.usualMs =
        load.usualMs === undefined ? heldMs : load.usualMs + (heldMs - load.usualMs) * PRESSURE.usualWeight;
    this.finished++;
    this.free(id, load);
    return outcome === 'answered' && !slow;
  }

  private free(id: string, load: Load): void {
    load.held = Math.max(0, load.held - 1);
    if (load.held === 0) [load.progressAt, load.lastPenaltyAt] = [undefined, 0];
    else this.progressed(load, Date.now());
    while (load.held < load.limit && (load.firstWaiters.length > 0 || load.waiters.length > 0))
      (load.firstWaiters.shift() ?? load.waiters.shift())!();
    if (load.forgotten && load.held === 0 && !waiting(load)) this.loads.delete(id);
  }

  /** A deleted subscription: what is kept of it goes (its requests still in flight keep their slots). */
  forget(id: string): void {
    const load = this.loads.get(id);
    this.changed.delete(id);
    if (!load) return;
    if (load.held === 0 && !waiting(load)) this.loads.delete(id);
    else load.forgotten = true;
  }

  /** True while one of the subscription's requests has waited for its answer past the slow threshold. */
  endpointHolds(id: string, now = Date.now()): boolean {
    const sent = this.loads.get(id)?.sentAt;
    if (sent === undefined || sent.length === 0) return false;
    let oldest = sent[0];
    for (const at of sent) if (at < oldest) oldest = at;
    return now - oldest >= this.slowAfterMs(id);
  }

  /** When the endpoint counts as slow: the relative rule over its fastest recent first byte. */
  slowAfterMs(id: string): number {
    return relativeThreshold(this.loads.get(id)?.floorMs);
  }

  /** When a subscription with no progress counts as stalled: the relative rule over its usual request time. */
  stallAfterMs(id: string): number {
    return relativeThreshold(this.loads.get(id)?.usualMs);
  }

  /**
   * While the subscription holds slots: how long since one was freed (or the first taken), and how
   * many requests of others finished meanwhile. Undefined while it holds none.
   */
  sinceProgress(id: string, now = Date.now()): { ms: number; othersFinished: number } | undefined {
    const load = this.loads.get(id);
    if (load?.progressAt === undefined) return undefined;
    return { ms: now - load.progressAt, othersFinished: this.finished - load.finishedAtProgress };
  }

  /**
   * Halves the limit of each subscription that holds slots with none freed for its slow threshold,
   * one of its requests waiting for its endpoint that long: once per such window.
   */
  sweep(now: number): void {
    for (const [id, load] of this.loads) {
      if (load.progressAt === undefined) continue;
      const slowAfter = this.slowAfterMs(id);
      if (now - load.progressAt < slowAfter || now - load.lastPenaltyAt < slowAfter) continue;
      if (!this.endpointHolds(id, now)) continue;
      load.lastPenaltyAt = now;
      this.adapt(id, load, 'overloaded');
    }
  }

  /** The limits that moved since the last call, for reporting them beyond this process. */
  takeChanged(): Map<string, number> {
    const moved = new Map([...this.changed].map((id) => [id, this.limitOf(id)]));
    this.changed.clear();
    return moved;
  }

  private adapt(id: string, load: Load, outcome: SlotOutcome): void {
    const { limit } = load;
    const next =
      outcome === 'answered' ? Math.min(this.maxPerSubscription, limit + 1) : Math.max(1, Math.floor(limit / 2));
    if (next !== limit) this.changed.add(id);
    load.limit = next;
    load.adapted = true;
  }

  private progressed(load: Load, now: number): void {
    load.progressAt = now;
    load.finishedAtProgress = this.finished;
  }
}

const waiting = (load: Load) => load.waiters.length > 0 || load.firstWaiters.length > 0;
