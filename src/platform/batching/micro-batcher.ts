export interface MicroBatcherOptions<T> {
  /** Items per flush at most. */
  maxItems: number;
  /** Longest an item waits for companions before its batch goes out. */
  maxDelayMs: number;
  /** Flushes running at once; items arriving meanwhile form the next batch (group commit). */
  maxConcurrentFlushes: number;
  /** Bytes per flush at most, as sizeOf counts them; an item larger than this still goes, alone. */
  maxBytes?: number;
  sizeOf?: (item: T) => number;
  /**
   * For errors that belong to one item rather than the batch (a row the database refuses, a record
   * the broker refuses): the batch is split in halves, each flushed again in order, until the
   * failing item fails alone and its batch-mates succeed.
   */
  isolate?: (error: unknown) => boolean;
}

interface Pending<T, R> {
  item: T;
  resolve: (result: R) => void;
  reject: (error: unknown) => void;
}

/**
 * Turns many concurrent single-item writes into few multi-item ones: each caller awaits its own
 * item's result, which arrives only when the batch holding it is durably written. Under load the
 * batches grow on their own (items pile up while a flush runs); when idle an item waits at most
 * maxDelayMs.
 */
export class MicroBatcher<T, R = void> {
  private pending: Pending<T, R>[] = [];
  private pendingBytes = 0;
  private flushing = 0;
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly flush: (items: T[]) => Promise<R[]>,
    private readonly options: MicroBatcherOptions<T>,
  ) {}

  get queued(): number {
    return this.pending.length;
  }

  add(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.pending.push({ item, resolve, reject });
      this.pendingBytes += this.options.sizeOf?.(item) ?? 0;
      if (this.pending.length >= this.options.maxItems || this.pendingBytes >= (this.options.maxBytes ?? Infinity))
        this.kick();
      else if (!this.timer && this.flushing < this.options.maxConcurrentFlushes)
        this.timer = setTimeout(() => this.kick(), this.options.maxDelayMs);
    });
  }

  private kick(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    while (this.pending.length > 0 && this.flushing < this.options.maxConcurrentFlushes) {
      void this.run(this.takeBatch());
    }
  }

  /** The oldest items that fit maxItems and maxBytes (at least one). */
  private takeBatch(): Pending<T, R>[] {
    const { maxItems, maxBytes = Infinity, sizeOf } = this.options;
    let count = 0;
    let bytes = 0;
    while (count < this.pending.length && count < maxItems) {
      const size = sizeOf?.(this.pending[count].item) ?? 0;
      if (count > 0 && bytes + size > maxBytes) break;
      bytes += size;
      count++;
    }
    this.pendingBytes -= bytes;
    return this.pending.splice(0, count);
  }

  private async run(batch: Pending<T, R>[]): Promise<void> {
    this.flushing++;
    try {
      await this.settle(batch);
    } finally {
      this.flushing--;
      // What arrived during the flush has already waited a round trip: send it now.
      if (this.pending.length > 0) this.kick();
    }
  }

  private async settle(batch: Pending<T, R>[]): Promise<void> {
    try {
      const results = await this.flush(batch.map((p) => p.item));
      batch.forEach((p, i) => p.resolve(results[i]));
    } catch (error) {
      if (batch.length > 1 && this.options.isolate?.(error)) {
        const half = Math.ceil(batch.length / 2);
        await this.settle(batch.slice(0, half));
        await this.settle(batch.slice(half));
      } else batch.forEach((p) => p.reject(error));
    }
  }
}
