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
 * One record through its handler. Never rejects. A record whose handler keeps failing is
 * quarantined after HANDLER_ATTEMPTS; a transient failure (broker, database, registry away) is
 * retried until it heals instead, since parking valid records during an outage would turn the
 * outage into a redrive. A poison record, or a failure after the handler's effect (AfterEffectError:
 * running it again would repeat a request), is quarantined at once.
 */
export async function processRecord(message: InboundMessage, { handle, quarantine, logger }: RecordHandlers) {
  let lastError: unknown;
  for (let attempt = 1, failures = 0; failures < HANDLER_ATTEMPTS || !quarantine; attempt++) {
    try {
      return await handle(message);
    } catch (error) {
      lastError = error;
      if (quarantine && (error instanceof PoisonRecordError || error instanceof AfterEffectError)) break;
      if (!isTransient(error)) failures++;
      if (attempt % 10 === 1)
        logger.warn(`${describe(message)}: ${failureKind(error, quarantine)}, retrying: ${String(error)}`);
      await sleep(Math.min(10_000, 100 * 4 ** Math.min(attempt, 5)));
    }
  }
  for (let attempt = 1; ; attempt++) {
    try {
      return await quarantine!(message, lastError);
    } catch (error) {
      logger.error(`cannot quarantine ${describe(message)}: ${String(error)}`);
      await sleep(Math.min(30_000, 500 * 2 ** attempt));
    }
  }
}

function failureKind(error: unknown, quarantine: RecordHandlers['quarantine']): string {
  if (isTransient(error)) return 'transient failure';
  return quarantine ? 'handler failed' : 'handler failed (the record has nowhere to be parked)';
}

const describe = (m: InboundMessage) => `${m.topic}/${m.partition}@${m.offset}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
