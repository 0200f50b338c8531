type Task = () => Promise<void>;

/**
 * Runs tasks with a global concurrency bound and a bound per key (per subscription), so that one
 * slow key holds only its own slots and never the others': no head-of-line blocking.
 */
export class KeyedScheduler {
  private readonly waiting = new Map<string, Task[]>();
  private readonly running = new Map<string, number>();
  private readonly ready: string[] = [];
  private readonly readySet = new Set<string>();
  private active = 0;
  private queued = 0;
  private roomWaiters: (() => void)[] = [];
  private idleWaiters: (() => void)[] = [];

  constructor(
    private readonly maxActive: number,
    private readonly maxPerKey: number,
    private readonly maxQueued: number,
  ) {}

  get size(): number {
    return this.active + this.queued;
  }

  /** Resolves when fewer than maxQueued tasks wait: the caller's back-pressure point. */
  async room(): Promise<void> {
    while (this.queued >= this.maxQueued) await new Promise<void>((r) => this.roomWaiters.push(r));
  }

  /** Resolves when nothing runs or waits. */
  async idle(): Promise<void> {
    while (this.size > 0) await new Promise<void>((r) => this.idleWaiters.push(r));
  }

  submit(key: string, task: Task): void {
    const queue = this.waiting.get(key) ?? [];
    queue.push(task);
    this.waiting.set(key, queue);
    this.queued++;
    this.markReady(key);
    this.pump();
  }

  private markReady(key: string): void {
    const hasWork = (this.waiting.get(key)?.length ?? 0) > 0;
    if (hasWork && (this.running.get(key) ?? 0) < this.maxPerKey && !this.readySet.has(key)) {
      this.readySet.add(key);
      this.ready.push(key);
    }
  }

  private pump(): void {
    while (this.active < this.maxActive && this.ready.length > 0) {
      const key = this.ready.shift()!;
      this.readySet.delete(key);
      const queue = this.waiting.get(key)!;
      const task = queue.shift()!;
      if (queue.length === 0) this.waiting.delete(key);
      this.queued--;
      this.active++;
      this.running.set(key, (this.running.get(key) ?? 0) + 1);
      this.markReady(key);
      void task().finally(() => this.finish(key));
    }
    if (this.queued < this.maxQueued) this.wake('room');
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
