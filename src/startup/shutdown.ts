import type { INestApplication } from '@nestjs/common';
import type { Logger as Pino } from 'pino';
import { settledWithin } from '../platform/lifecycle/shutdown-deadline.js';
import { stopTracing } from '../platform/telemetry/otel.js';

/** How long a signal during the start waits for the half-built application to close. */
export const STARTING_CLOSE_MS = 3_000;

/**
 * SIGTERM and SIGINT, from the process's start: a started service drains (up to
 * SHUTDOWN_TIMEOUT_MS) and exits 0; one still starting (Kafka still connecting, say) has nothing in
 * flight, so it closes what exists for at most STARTING_CLOSE_MS and exits 0 too, instead of
 * waiting for the start or dying of the signal (143).
 */
export class Shutdown {
  private app?: INestApplication;
  private running = false;
  /** Set once a signal arrived: a start failing from then on is the shutdown's doing, not news. */
  stopping = false;

  constructor(private readonly log: Pino) {}

  listen(): void {
    process.once('SIGTERM', () => void this.stop('SIGTERM'));
    process.once('SIGINT', () => void this.stop('SIGINT'));
  }

  created(app: INestApplication): void {
    this.app = app;
  }

  started(): void {
    this.running = true;
  }

  private async stop(signal: string): Promise<void> {
    if (this.stopping) return;
    this.stopping = true;
    this.log.info(`${signal}: draining in-flight work, committing offsets, closing connections`);
    if (this.running) await this.app!.close();
    else if (this.app) await settledWithin(this.app.close(), STARTING_CLOSE_MS);
    await stopTracing();
    process.exit(0);
  }
}
