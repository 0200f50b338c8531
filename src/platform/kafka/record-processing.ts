import type { Logger } from '@nestjs/common';
import { isTransient } from '../errors/transient.js';
import type { InboundMessage } from './inbound-message.js';
import { AfterEffectError, PoisonRecordError } from './poison-record.error.js';

const HANDLER_ATTEMPTS = 3;

export interface RecordHandlers {
  handle: (message: InboundMessage) => Promise<void>;
  /**
   * Must park the record (DLQ) or throw to be tried again. A consumer without one (the DLQ's own:
   * its records have nowhere further to go) runs its handler until it succeeds.
   */
  quarantine?: (message: InboundMessage, error: unknown) => Promise<void>;
  logger: Logger;
}

/**
 * One record through its handler; true once it is finished (handled or quarantined). A record whose
 * handler keeps failing is quarantined after HANDLER_ATTEMPTS; a transient failure (broker,
 * database, registry away) is retried until it heals instead, since parking valid records during an
 * outage would turn the outage into a redrive. A poison record, or a failure after the handler's
 * effect (AfterEffectError: running it again would repeat a request), is quarantined at once.
 *
 * Once `stopping` is aborted, a record that failed is left unfinished (false) instead of being
 * tried again: it stays uncommitted and its partition's next reader repeats it, so a stop during an
 * outage does not wait the whole shutdown timeout for a dependency that is still away.
 */
export async function processRecord(
  message: InboundMessage,
  { handle, quarantine, logger }: RecordHandlers,
  stopping?: AbortSignal,
): Promise<boolean> {
  let lastError: unknown;
  for (let attempt = 1, failures = 0; failures < HANDLER_ATTEMPTS || !quarantine; attempt++) {
    try {
      await handle(message);
      return true;
    } catch (error) {
      lastError = error;
      if (quarantine && (error instanceof PoisonRecordError || error instanceof AfterEffectError)) break;
      if (!isTransient(error)) failures++;
      if (stopping?.aborted) return false;
      if (attempt % 10 === 1)
        logger.warn(`${describe(message)}: ${failureKind(error, quarantine)}, retrying: ${String(error)}`);
      if (!(await sleep(Math.min(10_000, 100 * 4 ** Math.min(attempt, 5)), stopping))) return false;
    }
  }
  for (let attempt = 1; ; attempt++) {
    try {
      await quarantine!(message, lastError);
      return true;
    } catch (error) {
      logger.error(`cannot quarantine ${describe(message)}: ${String(error)}`);
      if (!(await sleep(Math.min(30_000, 500 * 2 ** attempt), stopping))) return false;
    }
  }
}

function failureKind(error: unknown, quarantine: RecordHandlers['quarantine']): string {
  if (isTransient(error)) return 'transient failure';
  return quarantine ? 'handler failed' : 'handler failed (the record has nowhere to be parked)';
}

const describe = (m: InboundMessage) => `${m.topic}/${m.partition}@${m.offset}`;

/** False when `stopping` was aborted before or during the wait. */
function sleep(ms: number, stopping?: AbortSignal): Promise<boolean> {
  if (stopping?.aborted) return Promise.resolve(false);
  return new Promise((resolve) => {
    const stopped = () => {
      clearTimeout(timer);
      resolve(false);
    };
    const timer = setTimeout(() => {
      stopping?.removeEventListener('abort', stopped);
      resolve(true);
    }, ms);
    stopping?.addEventListener('abort', stopped, { once: true });
  });
}
