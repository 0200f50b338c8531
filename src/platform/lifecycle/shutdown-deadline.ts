import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { AppConfig } from '../config/app-config.js';

/** After the requests are cut at SHUTDOWN_TIMEOUT_MS: the time their flows have to record the cut attempts. */
export const RECORD_CUT_MS = 2_000;

/**
 * One deadline for the whole stop: SHUTDOWN_TIMEOUT_MS from its first step (the pipeline's drain),
 * when the outbound requests still open are cut, then RECORD_CUT_MS for their flows to record the
 * cut attempts. Each part that waits for its work at the stop (the pipeline's consumers, the
 * ordered lanes, the operations runner) waits within this one deadline, not a timeout of its own
 * in turn, so a stop takes SHUTDOWN_TIMEOUT_MS plus the recording time at most, and a request of
 * an ordered lane still open then is cut and recorded like the pipeline's.
 */
@Injectable()
export class ShutdownDeadline implements OnApplicationShutdown {
  private cutAt?: number;
  private timer?: NodeJS.Timeout;
  private readonly cutters: (() => void)[] = [];

  constructor(private readonly config: AppConfig) {}

  /** What cuts the requests still open at the deadline (EgressClient.cutInFlight). */
  onCut(cut: () => void): void {
    this.cutters.push(cut);
  }

  /** Starts the stop's clock; later calls keep the first start. */
  begin(): void {
    if (this.cutAt !== undefined) return;
    const timeout = this.config.runtime.shutdownTimeoutMs;
    this.cutAt = Date.now() + timeout;
    this.timer = setTimeout(() => this.cutters.forEach((cut) => cut()), timeout);
    this.timer.unref();
  }

  /** The time left for work at the stop: until the cut, plus the recording time (the clock starts if it had not). */
  remainingMs(): number {
    this.begin();
    return Math.max(0, this.cutAt! + RECORD_CUT_MS - Date.now());
  }

  /** Waits for `work` until the deadline (not at all once it passed); what still runs then is left to its own cleanup. */
  within(work: Promise<unknown>): Promise<void> {
    return settledWithin(work, this.remainingMs());
  }

  onApplicationShutdown(): void {
    clearTimeout(this.timer);
  }
}

/** Waits for `work` to settle, fulfilled or not, for at most `ms`. */
export async function settledWithin(work: Promise<unknown>, ms: number): Promise<void> {
  if (ms <= 0) return;
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)));
  const settled = work.then(
    () => undefined,
    () => undefined,
  );
  await Promise.race([settled, bound]);
  clearTimeout(timer);
}
