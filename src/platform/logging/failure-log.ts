/** The part of a logger a FailureLog writes to (Nest's Logger has it). */
export interface FailureLogSink {
  warn(message: string): void;
  log(message: string): void;
}

export interface FailureLogOptions {
  /** What fails, as the start of its log line: "cannot read the changelog's end offsets". */
  failing: string;
  /** The line once it works again: "the changelog's end offsets are readable again". */
  recovered: string;
  /** The wait after the first failure; it doubles with each further one, up to maxDelayMs. */
  firstDelayMs: number;
  maxDelayMs: number;
}

/**
 * A dependency's failures as the log and the retries see them. A caller retrying every second
 * while Kafka refuses it or Postgres is down would log every attempt and hammer the dependency;
 * with this it logs when the failure starts or its cause changes and once when it works again,
 * and waits longer between attempts (doubling up to a bound) while the failure lasts.
 */
export class FailureLog {
  private cause?: string;
  private failures = 0;

  constructor(
    private readonly logger: FailureLogSink,
    private readonly options: FailureLogOptions,
  ) {}

  /** Whether the last attempt failed. */
  get failing(): boolean {
    return this.failures > 0;
  }

  /**
   * An attempt failed. Logged only when `cause` (what tells two failures apart; the message by
   * default) differs from the last one's; returns how long to wait before the next attempt.
   */
  failed(error: unknown, cause: string = messageOf(error), detail: string = messageOf(error)): number {
    this.failures++;
    if (cause !== this.cause)
      this.logger.warn(
        `${this.options.failing}: ${detail} (trying again, up to every ${this.options.maxDelayMs / 1000} s; logged again when the cause changes)`,
      );
    this.cause = cause;
    return this.delayMs;
  }

  /** An attempt succeeded: logged once if it had been failing. */
  succeeded(): void {
    if (this.failures > 0)
      this.logger.log(
        `${this.options.recovered} (after ${this.failures} failed attempt${this.failures > 1 ? 's' : ''})`,
      );
    this.failures = 0;
    this.cause = undefined;
  }

  /** The wait before the next attempt: 0 while working, else doubling from firstDelayMs up to maxDelayMs. */
  get delayMs(): number {
    if (this.failures === 0) return 0;
    const { firstDelayMs, maxDelayMs } = this.options;
    return Math.min(maxDelayMs, firstDelayMs * 2 ** Math.min(this.failures - 1, 30));
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
