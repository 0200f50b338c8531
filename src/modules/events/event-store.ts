import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { MicroBatcher } from '../../platform/batching/micro-batcher.js';
import { lowerBoundIso } from '../../platform/database/time-bound.js';
import { isTransient } from '../../platform/errors/transient.js';
import type { InboundMessage } from '../../platform/kafka/inbound-message.js';
import { utcInstant } from './envelope.js';

export interface StoredEvent {
  tenantId: string;
  id: string;
  type: string;
  createdAt: string;
  receivedAt: Date;
  /**
   * The stored envelope {id, type, created_at, data} as JSON text, `data` exactly as its producer
   * wrote it: kept as text (not jsonb, which refuses U+0000 and reorders keys) so that recoveries
   * send the very bytes the first delivery did.
   */
  payload: string;
  sourceTopic: string;
  sourcePartition: number;
  sourceOffset: string;
  subscriptionIds: string[];
}

/**
 * How long an ingest write (an event's row, its sequence numbers) waits for companions when no
 * flush is under way. An event's tasks are produced only once both are committed, so this wait is
 * part of every delivery's latency; under load the batches grow while flushes run.
 */
export const INGEST_WRITE_DELAY_MS = 2;

/** The Kafka record an event was read from, and whose event it is. */
interface SourceRecord {
  tenantId: string;
  id: string;
  topic: string;
  partition: number;
  offset: string;
  /** The record's Kafka timestamp, ms. */
  timestamp: number;
}

/**
 * How far before its record's Kafka timestamp (the producer's clock) an event's row may say it was
 * received: bounds the day partitions a re-read record's lookup visits.
 */
const PRODUCER_CLOCK_TOLERANCE_MS = 24 * 3600 * 1000;

/**
 * Keeps every ingested event (envelope and the subscriptions it went to) where recovery and
 * replay can find it. Rows from concurrent ingests share one multi-row INSERT.
 */
@Injectable()
export class EventStore {
  private readonly batcher: MicroBatcher<StoredEvent>;
  private readonly lookups = new MicroBatcher<SourceRecord, Date | null>((records) => this.find(records), {
    maxItems: 500,
    maxDelayMs: INGEST_WRITE_DELAY_MS,
    maxConcurrentFlushes: 2,
  });

  constructor(private readonly db: DataSource) {
    this.batcher = new MicroBatcher((rows) => this.insert(rows), {
      maxItems: 500,
      maxDelayMs: INGEST_WRITE_DELAY_MS,
      maxConcurrentFlushes: 2,
      // A row the database refuses fails its own writer only, never its batch-mates.
      isolate: (error) => !isTransient(error),
    });
  }

  /** Resolves once the row is committed. */
  save(event: StoredEvent): Promise<void> {
    return this.batcher.add(event);
  }

  /** When the event of this very record (same tenant, id, topic, partition and offset) was stored, or null. */
  storedAt(
    { topic, partition, offset, timestamp }: InboundMessage,
    tenantId: string,
    id: string,
  ): Promise<Date | null> {
    return this.lookups.add({ tenantId, id, topic, partition, offset, timestamp });
  }

  private async find(records: SourceRecord[]): Promise<(Date | null)[]> {
    const rows: { n: string; received_at: Date }[] = await this.db.query(
      `SELECT x.n, min(e.received_at) AS received_at
         FROM unnest($1::text[], $2::text[], $3::text[], $4::int[], $5::bigint[], $6::timestamptz[])
              WITH ORDINALITY AS x(t, i, st, sp, so, since, n)
         JOIN events e ON e.tenant_id = x.t AND e.id = x.i AND e.source_topic = x.st
                      AND e.source_partition = x.sp AND e.source_offset = x.so AND e.received_at >= x.since
        GROUP BY x.n`,
      [
        records.map((r) => r.tenantId),
        records.map((r) => r.id),
        records.map((r) => r.topic),
        records.map((r) => r.partition),
        records.map((r) => r.offset),
        records.map((r) => lowerBoundIso(r.timestamp, PRODUCER_CLOCK_TOLERANCE_MS)),
      ],
    );
    const found = new Map(rows.map((r) => [Number(r.n) - 1, new Date(r.received_at)]));
    return records.map((_, i) => found.get(i) ?? null);
  }

  private async insert(rows: StoredEvent[]): Promise<void[]> {
    await this.db.query(
      `INSERT INTO events (tenant_id, id, type, created_at, received_at, payload_text, source_topic, source_partition,
         source_offset, subscription_ids)
       SELECT t, i, ty, c, r, p, st, sp, so, string_to_array(s, ',')::uuid[]
         FROM unnest($1::text[], $2::text[], $3::text[], $4::timestamptz[], $5::timestamptz[], $6::text[],
                     $7::text[], $8::int[], $9::bigint[], $10::text[]) AS x(t, i, ty, c, r, p, st, sp, so, s)`,
      [
        rows.map((r) => r.tenantId),
        rows.map((r) => r.id),
        rows.map((r) => r.type),
        rows.map((r) => utcInstant(r.createdAt)),
        rows.map((r) => r.receivedAt.toISOString()),
        rows.map((r) => r.payload),
        rows.map((r) => r.sourceTopic),
        rows.map((r) => r.sourcePartition),
        rows.map((r) => r.sourceOffset),
        rows.map((r) => r.subscriptionIds.join(',')),
      ],
    );
    return rows.map(() => undefined);
  }
}
