import type { Logger } from '@nestjs/common';
import { isTransient } from '../errors/transient.js';
import type { InboundMessage } from './inbound-message.js';
import { PoisonRecordError } from './poison-record.error.js';

const HANDLER_ATTEMPTS = 3;

export interface RecordHandlers {
  handle: (message: InboundMessage) => Promise<void>;
  /** Must park the record (DLQ) or throw to be tried again. */
  quarantine: (message: InboundMessage, error: unknown) => Promise<void>;
  logger: Logger;
}

/**
 * One record through its handler. Never rejects. A record whose handler keeps failing is
 * quarantined after HANDLER_ATTEMPTS; a transient failure (broker, database, registry away) is
 * retried until it heals instead, since parking valid records during an outage would turn the
 * outage into a redrive.
 */
export async function processRecord(message: InboundMessage, { handle, quarantine, logger }: RecordHandlers) {
  let lastError: unknown;
  for (let attempt = 1, failures = 0; failures < HANDLER_ATTEMPTS; attempt++) {
    try {
      return await handle(message);
    } catch (error) {
      lastError = error;
      if (error instanceof PoisonRecordError) break;
      if (!isTransient(error)) failures++;
      else if (attempt % 10 === 1) logger.warn(`${describe(message)}: transient failure, retrying: ${String(error)}`);
      await sleep(Math.min(10_000, 100 * 4 ** Math.min(attempt, 5)));
    }
  }
  for (let attempt = 1; ; attempt++) {
    try {
      return await quarantine(message, lastError);
    } catch (error) {
      logger.error(`cannot quarantine ${describe(message)}: ${String(error)}`);
      await sleep(Math.min(30_000, 500 * 2 ** attempt));
    }
  }
}

const describe = (m: InboundMessage) => `${m.topic}/${m.partition}@${m.offset}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
