import type { Logger } from '@nestjs/common';
import type { Consumer } from 'kafkajs';

/** The longest wait before a consumer Kafka stopped is started again (1 s, doubling up to this). */
const RESTART_MAX_MS = 30_000;

/**
 * Keeps a kafkajs consumer running through what kafkajs gives up on: a failed start, or a crash it
 * does not restart itself (a refused password, a missing ACL). Each failure is reported; the
 * consumer is started again after 1 s, doubling up to 30 s, until it joins its group again.
 */
export class ConsumerRestarts {
  private timer?: NodeJS.Timeout;
  /** Restarts since the consumer last joined its group (the backoff's exponent). */
  private restarts = 0;
  private stopping = false;

  constructor(
    private readonly consumer: Consumer,
    private readonly startConsuming: () => Promise<void>,
    private readonly report: (error: unknown) => void,
    private readonly describe: string,
    private readonly logger: Logger,
  ) {
    consumer.on(consumer.events.CRASH, ({ payload }) => this.stopped(payload.error, payload.restart));
  }

  /** Starts consuming; a failure does not reject, it is reported and the start tried again. */
  async start(): Promise<void> {
    try {
      await this.startConsuming();
    } catch (error) {
      this.stopped(error, false);
    }
  }

  joined(): void {
    this.restarts = 0;
  }

  stop(): void {
    this.stopping = true;
    clearTimeout(this.timer);
  }

  private stopped(error: unknown, restartsItself: boolean): void {
    if (this.stopping) return;
    this.report(error);
    if (restartsItself) return;
    const delay = Math.min(RESTART_MAX_MS, 1_000 * 2 ** this.restarts);
    // Once per outage: the restarts go on quietly until the consumer joins again.
    if (this.restarts++ === 0)
      this.logger.warn(
        `${this.describe} stopped (${(error as Error)?.name}: ${(error as Error)?.message}); starting it again until it joins`,
      );
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      if (this.stopping) return;
      void this.consumer
        .disconnect()
        .catch(() => undefined)
        .then(() => this.start());
    }, delay);
  }
}
