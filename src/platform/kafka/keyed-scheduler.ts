type Task = () => Promise<void>;

interface Queued {
  run: Task;
  /** The record's bytes, counted against maxBytes while it waits or runs. */
  bytes: number;
  /** Called instead of run when the task is evicted to make room for another key's. */
  evict?: () => void;
}

/**
 * A key whose tasks have not finished for STALL_FACTOR times its usual task time while more wait is
 * stalled (a hanging endpoint): never sooner than STALL_MS, never later than STALL_MAX_MS. Relative,
 * because on a saturated machine a healthy key's tasks may take a second, and a stalled key's tasks
 * step aside to a retry tier for a minute. Not sooner than a second: a hanging endpoint's tasks must
 * leave the buffer before they slow the healthy ones.
 */
export const STALL_MS = 1_000;
export const STALL_MAX_MS = 5_000;
const STALL_FACTOR = 10;
/**
 * Tasks of other keys that must finish while a key makes no progress before its stall is plain:
 * when the whole process pauses (a burst, a collector pause), every key stops at once and none is
 * singled out.
 */
const OTHERS_FINISHED_FOR_PLAIN_STALL = 100;

/**
 * Runs tasks with a global concurrency bound and a bound per key (per subscription), so that one
 * slow key holds only its own slots and never the others': no head-of-line blocking. When slots
 * are scarce, each active key's share is the global bound divided among the active keys, so ten
 * hanging keys cannot hold every slot either.
 */
export class KeyedScheduler {
  private readonly waiting = new Map<string, Queued[]>();
  /** Per running key, when it last progressed and how many tasks (all keys) had finished by then. */
  private readonly progress = new Map<string, { at: number; finished: number }>();
  /** Per key with tasks, how long its tasks usually take (moving average), for its stall threshold. */
  private readonly usualMs = new Map<string, number>();
  /** Tasks finished so far, all keys. */
  private finished = 0;
  private readonly running = new Map<string, number>();
  private readonly ready: string[] = [];
  private readonly readySet = new Set<string>();
  private active = 0;
  private queued = 0;
  private bytes = 0;
  private roomWaiters: (() => void)[] = [];
  private idleWaiters: (() => void)[] = [];

  constructor(
    private readonly maxActive: number,
    private readonly maxPerKey: number,
    private readonly maxQueued: number,
    private readonly maxBytes = Infinity,
    /** The handler's confirmation that a key without progress waits on something outside the process. */
    private readonly confirmsStall: (key: string, now: number) => boolean = () => true,
  ) {}

  get size(): number {
    return this.active + this.queued;
  }

  /** True when a further task would have to wait for room: the buffer is full, by count or by bytes. */
  get full(): boolean {
    return this.queued >= this.maxQueued || this.bytes >= this.maxBytes;
  }

  /** Bytes of the records waiting or running. */
  get bufferedBytes(): number {
    return this.bytes;
  }

  /** Tasks of this key waiting for a slot. */
  waitingFor(key: string): number {
    return this.waiting.get(key)?.length ?? 0;
  }

  /** Resolves when fewer than maxQueued tasks wait: the caller's back-pressure point. */
  async room(): Promise<void> {
    while (this.full) await new Promise<void>((r) => this.roomWaiters.push(r));
  }

  /** Resolves when nothing runs or waits. */
  async idle(): Promise<void> {
    while (this.size > 0) await new Promise<void>((r) => this.idleWaiters.push(r));
  }

  /**
   * True when the key has tasks running but none of them finished for its stall threshold, and the
   * handler confirms what holds them is outside the process: its endpoint hangs, and what it has
   * queued will not move soon.
   */
  stalled(key: string, now = Date.now()): boolean {
    if (!this.running.has(key) || now - (this.progress.get(key)?.at ?? now) < this.stallAfterMs(key)) return false;
    return this.confirmsStall(key, now);
  }

  /** STALL_FACTOR times the key's usual task time, within STALL_MS and STALL_MAX_MS. */
  stallAfterMs(key: string): number {
    return Math.min(STALL_MAX_MS, Math.max(STALL_MS, STALL_FACTOR * (this.usualMs.get(key) ?? 0)));
  }

  /** Stalled while plenty of other keys' tasks finished: its own endpoint, not the process, holds it. */
  plainlyStalled(key: string, now = Date.now()): boolean {
    const others = this.finished - (this.progress.get(key)?.finished ?? this.finished);
    return this.stalled(key, now) && others >= OTHERS_FINISHED_FOR_PLAIN_STALL;
  }

  /**
   * Takes the newest waiting task of the stalled key (`plainly`: plainly stalled) with the most
   * waiting, and calls its evict: room for a key that will use it. False when no such key has an
   * evictable task.
   */
  evictFromStalled(now = Date.now(), plainly = false): boolean {
    let hog: string | undefined;
    for (const [key, queue] of this.waiting)
      if (
        (plainly ? this.plainlyStalled(key, now) : this.stalled(key, now)) &&
        queue.some((q) => q.evict) &&
        queue.length > (this.waiting.get(hog ?? '')?.length ?? 0)
      )
        hog = key;
    if (!hog) return false;
    const queue = this.waiting.get(hog)!;
    const at = queue.findLastIndex((q) => q.evict);
    const [victim] = queue.splice(at, 1);
    if (queue.length === 0) this.waiting.delete(hog);
    this.queued--;
    this.bytes -= victim.bytes;
    victim.evict!();
    this.wake('room');
    return true;
  }

  submit(key: string, run: Task, evict?: () => void, bytes = 0): void {
    const queue = this.waiting.get(key) ?? [];
    queue.push({ run, evict, bytes });
    this.bytes += bytes;
    this.waiting.set(key, queue);
    this.queued++;
    this.markReady(key);
    this.pump();
  }

  private get activeKeys(): number {
    let keys = this.running.size;
    for (const key of this.waiting.keys()) if (!this.running.has(key)) keys++;
    return keys;
  }

  private limitFor(): number {
    return Math.min(this.maxPerKey, Math.max(1, Math.floor(this.maxActive / Math.max(1, this.activeKeys))));
  }

  private markReady(key: string): void {
    const hasWork = (this.waiting.get(key)?.length ?? 0) > 0;
    if (hasWork && (this.running.get(key) ?? 0) < this.maxPerKey && !this.readySet.has(key)) {
      this.readySet.add(key);
      this.ready.push(key);
    }
  }

  private pump(): void {
    const limit = this.limitFor();
    while (this.active < this.maxActive && this.ready.length > 0) {
      const key = this.ready.shift()!;
      this.readySet.delete(key);
      // Over its share while slots are scarce: out of the line until one of its own tasks finishes
      // (finish marks it ready again), so a hanging key is not passed over on every pump.
      if ((this.running.get(key) ?? 0) >= limit) continue;
      this.start(key);
    }
    if (!this.full) this.wake('room');
  }

  private start(key: string): void {
    const queue = this.waiting.get(key)!;
    const task = queue.shift()!;
    if (queue.length === 0) this.waiting.delete(key);
    this.queued--;
    this.active++;
    if (!this.running.has(key)) this.progressed(key);
    this.running.set(key, (this.running.get(key) ?? 0) + 1);
    this.markReady(key);
    const startedAt = Date.now();
    void task.run().finally(() => {
      this.bytes -= task.bytes;
      this.finish(key, Date.now() - startedAt);
    });
  }

  private finish(key: string, tookMs: number): void {
    this.active--;
    const left = this.running.get(key)! - 1;
    this.finished++;
    const usual = this.usualMs.get(key);
    this.usualMs.set(key, usual === undefined ? tookMs : usual + (tookMs - usual) / 8);
    if (left === 0) {
      this.running.delete(key);
      this.progress.delete(key);
      if (!this.waiting.has(key)) this.usualMs.delete(key);
    } else {
      this.running.set(key, left);
      this.progressed(key);
    }
    this.markReady(key);
    this.pump();
    if (this.size === 0) this.wake('idle');
  }

  private progressed(key: string): void {
    this.progress.set(key, { at: Date.now(), finished: this.finished });
  }

  private wake(which: 'room' | 'idle'): void {
    const waiters = which === 'room' ? this.roomWaiters : this.idleWaiters;
    if (which === 'room') this.roomWaiters = [];
    else this.idleWaiters = [];
    waiters.forEach((w) => w());
  }
}
