import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppConfig } from '../../../platform/config/app-config.js';
import { MicroBatcher } from '../../../platform/batching/micro-batcher.js';
import { isTransient } from '../../../platform/errors/transient.js';
import { counter } from '../../../platform/telemetry/metrics.js';
import { storableExcerpt, storableHeaders } from '../../../platform/database/storable-text.js';
import type { AttemptRecord } from './attempt-record.js';

const MAX_BODY_CHARS = 4096;
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

  constructor(
    private readonly db: DataSource,
    config: AppConfig,
  ) {
    const insert = (rows: AttemptRecord[]) =>
      this.insert(rows).catch((error: unknown) => {
        writeErrors.inc(rows.length);
        throw error;
      });
    this.batcher = new MicroBatcher(insert, {
      maxItems: 500,
      maxDelayMs: config.env.ATTEMPT_FLUSH_MS,
      maxConcurrentFlushes: 2,
      // A row the database refuses fails its own writer only, never its batch-mates.
      isolate: (error) => !isTransient(error),
    });
  }

  write(record: AttemptRecord): Promise<void> {
    return this.batcher.add(record);
  }

  private async insert(rows: AttemptRecord[]): Promise<void[]> {
    const column = <K extends keyof AttemptRecord>(key: K) => rows.map((r) => r[key]);
    await this.db.query(
      `INSERT INTO delivery_attempts (id, created_at, tenant_id, subscription_id, event_id, event_type, attempt,
         trigger, outcome, status_code, response_time_ms, response_body, response_headers, error, trace_id,
         next_attempt_at)
       SELECT * FROM unnest($1::uuid[], $2::timestamptz[], $3::text[], $4::uuid[], $5::text[], $6::text[],
         $7::int[], $8::text[], $9::text[], $10::int[], $11::int[], $12::text[], $13::jsonb[], $14::text[],
         $15::text[], $16::timestamptz[])
       ON CONFLICT (created_at, id) DO NOTHING`,
      [
        column('id'),
        rows.map((r) => r.createdAt.toISOString()),
        column('tenantId'),
        column('subscriptionId'),
        column('eventId'),
        column('eventType'),
        column('attempt'),
        column('trigger'),
        column('outcome'),
        column('statusCode'),
        column('responseTimeMs'),
        rows.map((r) => (r.responseBody ? storableExcerpt(r.responseBody, MAX_BODY_CHARS) : null)),
        rows.map((r) => (r.responseHeaders ? JSON.stringify(storableHeaders(r.responseHeaders)) : null)),
        rows.map((r) => (r.error ? storableExcerpt(r.error, 1000) : null)),
        column('traceId'),
        rows.map((r) => r.nextAttemptAt?.toISOString() ?? null),
      ],
    );
    return rows.map(() => undefined);
  }
}
