import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { MicroBatcher } from '../../platform/batching/micro-batcher.js';
import { INGEST_WRITE_DELAY_MS } from './event-store.js';

export interface SequenceRequest {
  tenantId: string;
  eventId: string;
  subscriptionIds: string[];
}

export interface Ordering {
  sequence: number;
  previousEventId: string | null;
}

interface Row {
  subscription_id: string;
  last_sequence: string;
  previous_event_id: string | null;
}

/**
 * Hands out the ordering metadata of the delivered envelope: `sequence`, monotonic per
 * subscription (counter rows in subscription_sequences, advanced by one UPSERT per batch of
 * events), and `previous_event_id`, the event fanned out to that subscription just before. The
 * sequence follows fan-out order; a redelivered ingest record gets a new number, the same id.
 * Flushes run one at a time, so numbers within an instance follow the order of requests.
 */
@Injectable()
export class SequenceAllocator {
  private readonly batcher = new MicroBatcher<SequenceRequest, Map<string, Ordering>>((r) => this.allocate(r), {
    maxItems: 500,
    maxDelayMs: INGEST_WRITE_DELAY_MS,
    maxConcurrentFlushes: 1,
  });

  constructor(private readonly db: DataSource) {}

  next(request: SequenceRequest): Promise<Map<string, Ordering>> {
    if (request.subscriptionIds.length === 0) return Promise.resolve(new Map());
    return this.batcher.add(request);
  }

  private async allocate(requests: SequenceRequest[]): Promise<Map<string, Ordering>[]> {
    // Per subscription, the requests (index into `requests`) in arrival order.
    const bySubscription = new Map<string, { tenantId: string; order: number[] }>();
    requests.forEach((r, index) =>
      r.subscriptionIds.forEach((id) => {
        const entry = bySubscription.get(id) ?? { tenantId: r.tenantId, order: [] };
        entry.order.push(index);
        bySubscription.set(id, entry);
      }),
    );
    // Sorted so concurrent instances lock counter rows in the same order (no deadlock).
    const ids = [...bySubscription.keys()].sort();
    const rows: Row[] = await this.db.query(
      `INSERT INTO subscription_sequences AS s (subscription_id, tenant_id, last_sequence, last_event_id)
       SELECT * FROM unnest($1::uuid[], $2::text[], $3::bigint[], $4::text[]) ORDER BY 1
       ON CONFLICT (subscription_id) DO UPDATE
         SET last_sequence = s.last_sequence + excluded.last_sequence,
             previous_event_id = s.last_event_id,
             last_event_id = excluded.last_event_id
       RETURNING subscription_id, last_sequence, previous_event_id`,
      [
        ids,
        ids.map((id) => bySubscription.get(id)!.tenantId),
        ids.map((id) => bySubscription.get(id)!.order.length),
        ids.map((id) => requests[bySubscription.get(id)!.order.at(-1)!].eventId),
      ],
    );
    const results = requests.map(() => new Map<string, Ordering>());
    for (const row of rows) {
      const { order } = bySubscription.get(row.subscription_id)!;
      const first = Number(row.last_sequence) - order.length + 1;
      order.forEach((requestIndex, k) =>
        results[requestIndex].set(row.subscription_id, {
          sequence: first + k,
          previousEventId: k === 0 ? row.previous_event_id : requests[order[k - 1]].eventId,
        }),
      );
    }
    return results;
  }
}
