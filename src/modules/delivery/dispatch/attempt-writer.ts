import { Injectable } from '@nestjs/common';
import { AppConfig } from '../../../platform/config/app-config.js';
import { MicroBatcher } from '../../../platform/batching/micro-batcher.js';
import { isTransient } from '../../../platform/errors/transient.js';
import { counter } from '../../../platform/telemetry/metrics.js';
import { AttemptLog } from '../attempt-log/attempt-log.js';
import type { AttemptRecord } from './attempt-record.js';

// Alerted on (deploy/observability): a failing write stalls deliveries, whose offsets wait for it.
const writeErrors = counter('hookline_attempt_log_write_errors_total', 'Attempt records whose INSERT failed');

/**
 * Writes attempt records in multi-row INSERTs (one unnest statement per batch): a batch goes out
 * when 500 rows wait or the oldest waited ATTEMPT_FLUSH_MS, and the next one as soon as the
 * previous commits. write() resolves only once the row is committed, so the delivery consumer
 * commits an offset only over attempts that are on record.
 *
 * Writing a record is total and idempotent, since it follows a request that has gone out: whatever
 * an endpoint answered is stored made safe (storableText: U+0000 and invalid UTF-8 become U+FFFD),
 * and a write repeated with the same attempt id is a no-op.
 */
@Injectable()
export class AttemptWriter {
  private readonly batcher: MicroBatcher<AttemptRecord>;

  constructor(log: AttemptLog, config: AppConfig) {
    const insert = (rows: AttemptRecord[]) =>
      log.insert(rows).then(
        (): void[] => rows.map(() => undefined),
        (error: unknown) => {
          writeErrors.inc(rows.length);
          throw error;
        },
      );
    this.batcher = new MicroBatcher(insert, {
      maxItems: 500,
      maxDelayMs: config.delivery.attemptFlushMs,
      maxConcurrentFlushes: 2,
      // A row the database refuses fails its own writer only, never its batch-mates.
      isolate: (error) => !isTransient(error),
    });
  }

  write(record: AttemptRecord): Promise<void> {
    return this.batcher.add(record);
  }
}
