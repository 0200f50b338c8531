type Task = () => Promise<void>;

interface Queued {
  run: Task;
  /** The record's bytes, counted against maxBytes while it waits or runs. */
  bytes: number;
  /** Called instead of run when the task is evicted to make room for another key's. */
  evict?: () => void;
}

/**
 * Runs tasks with a global concurrency bound and a bound per key (per subscription), so that one
 * slow key holds only its own slots and never the others': no head-of-line blocking. When slots
 * are scarce, each active key's share is the global bound divided among the active keys, so ten
 * hanging keys cannot hold every slot either.
 */
export class KeyedScheduler {
  private readonly waiting = new Map<string, Queued[]>();
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
   * Takes the newest waiting task of the key, among those `givesWay` picks, with the most waiting,
   * and calls its evict: room for a key that will use it. False when no such key has an evictable
   * task. Which keys give way is not the scheduler's judgement (KeyPressure.givesWay).
   */
  evictWhere(givesWay: (key: string) => boolean): boolean {
    let hog: string | undefined;
    for (const [key, queue] of this.waiting)
      if (queue.length > (this.waiting.get(hog ?? '')?.length ?? 0) && queue.some((q) => q.evict) && givesWay(key))
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
      // Its waiting tasks stepped aside (evictWhere) after it was marked ready: nothing to start.
      if (!this.waiting.has(key)) continue;
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
    this.running.set(key, (this.running.get(key) ?? 0) + 1);
    this.markReady(key);
    void task.run().finally(() => {
      this.bytes -= task.bytes;
      this.finish(key);
    });
  }

  private finish(key: string): void {
    this.active--;
    const left = this.running.get(key)! - 1;
    if (left === 0) this.running.delete(key);
    else this.running.set(key, left);
    this.markReady(key);
    this.pump();
    if (this.size === 0) this.wake('idle');
  }

  private wake(which: 'room' | 'idle'): void {
    const waiters = which === 'room' ? this.roomWaiters : this.idleWaiters;
    if (which === 'room') this.roomWaiters = [];
    else this.idleWaiters = [];
    waiters.forEach((w) => w());
  }
}
