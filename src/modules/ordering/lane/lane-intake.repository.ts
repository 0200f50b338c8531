import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { MicroBatcher } from '../../../platform/batching/micro-batcher.js';
import { isTransient } from '../../../platform/errors/transient.js';

/** One event of an ordered subscription as ingest hands it to the lane: where it was read, and what to send. */
export interface LaneEntry {
  tenantId: string;
  subscriptionId: string;
  orderingKey: string;
  sourceTopic: string;
  sourcePartition: number;
  sourceOffset: string;
  eventId: string;
  eventType: string;
  eventCreatedAt: string;
  /** The event's data as JSON text, exactly the bytes the body embeds. */
  data: string;
  traceparent: string | null;
  receivedAt: Date;
}

/**
 * How long an entry waits for companions when no insert is under way: the same short wait as the
 * event store's, since an ordered event's ingest record finishes only once its entry is committed.
 */
const INTAKE_DELAY_MS = 2;

/**
 * The lane's intake (ordered_events): entries of concurrent ingests share one multi-row INSERT. A
 * record read again (a crash before its commit) finds its entry there and adds nothing, whatever it
 * matched this time; an entry of a subscription deleted meanwhile is dropped.
 */
@Injectable()
export class LaneIntakeRepository {
  private readonly batcher: MicroBatcher<LaneEntry>;

  constructor(private readonly db: DataSource) {
    this.batcher = new MicroBatcher((entries) => this.insert(entries), {
      maxItems: 500,
      maxDelayMs: INTAKE_DELAY_MS,
      maxConcurrentFlushes: 2,
      // A row the database refuses fails its own ingest record only, never its batch-mates'.
      isolate: (error) => !isTransient(error),
    });
  }

  /** Resolves once the entry is committed (or was there already). */
  add(entry: LaneEntry): Promise<void> {
    return this.batcher.add(entry);
  }

  private async insert(entries: LaneEntry[]): Promise<void[]> {
    const column = <K extends keyof LaneEntry>(key: K) => entries.map((e) => e[key]);
    await this.db.query(
      `INSERT INTO ordered_events (tenant_id, subscription_id, ordering_key, source_topic, source_partition,
         source_offset, event_id, event_type, event_created_at, data, traceparent, received_at)
       SELECT x.* FROM unnest($1::text[], $2::uuid[], $3::text[], $4::text[], $5::int[], $6::bigint[], $7::text[],
                              $8::text[], $9::text[], $10::text[], $11::text[], $12::timestamptz[])
                 AS x(t, s, k, st, sp, so, e, ty, c, d, tp, r)
        WHERE EXISTS (SELECT 1 FROM subscriptions sub WHERE sub.id = x.s AND sub.tenant_id = x.t)
       ON CONFLICT DO NOTHING`,
      [
        column('tenantId'),
        column('subscriptionId'),
        column('orderingKey'),
        column('sourceTopic'),
        column('sourcePartition'),
        column('sourceOffset'),
        column('eventId'),
        column('eventType'),
        column('eventCreatedAt'),
        column('data'),
        column('traceparent'),
        entries.map((e) => e.receivedAt.toISOString()),
      ],
    );
    return entries.map(() => undefined);
  }
}
