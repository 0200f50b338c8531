export interface MicroBatcherOptions {
  /** Items per flush at most. */
  maxItems: number;
  /** Longest an item waits for companions before its batch goes out. */
  maxDelayMs: number;
  /** Flushes running at once; items arriving meanwhile form the next batch (group commit). */
  maxConcurrentFlushes: number;
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
  private flushing = 0;
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly flush: (items: T[]) => Promise<R[]>,
    private readonly options: MicroBatcherOptions,
  ) {}

  get queued(): number {
    return this.pending.length;
  }

  add(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.pending.push({ item, resolve, reject });
      if (this.pending.length >= this.options.maxItems) this.kick();
      else if (!this.timer && this.flushing < this.options.maxConcurrentFlushes)
        this.timer = setTimeout(() => this.kick(), this.options.maxDelayMs);
    });
  }

  private kick(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    while (this.pending.length > 0 && this.flushing < this.options.maxConcurrentFlushes) {
      void this.run(this.pending.splice(0, this.options.maxItems));
    }
  }

  private async run(batch: Pending<T, R>[]): Promise<void> {
    this.flushing++;
    try {
      const results = await this.flush(batch.map((p) => p.item));
      batch.forEach((p, i) => p.resolve(results[i]));
    } catch (error) {
      batch.forEach((p) => p.reject(error));
    } finally {
      this.flushing--;
      // What arrived during the flush has already waited a round trip: send it now.
      if (this.pending.length > 0) this.kick();
    }
  }
}
