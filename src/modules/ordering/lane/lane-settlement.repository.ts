import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { AppConfig } from '../../../platform/config/app-config.js';

/** One ingest partition's entries below `below` may be put in order: no earlier record of it can still come. */
export interface SettleRequest {
  topic: string;
  partition: number;
  /** The ingest group's committed offset: every record below it has finished ingest. */
  below: string;
  limit: number;
}

/** What one settle did: entries numbered, and keys that had nothing to send and are due now. */
export interface Settled {
  entries: number;
  woken: number;
}

interface Entry {
  tenant_id: string;
  subscription_id: string;
  ordering_key: string;
  source_offset: string;
  event_id: string;
}

interface KeyRow {
  subscription_id: string;
  ordering_key: string;
  last_sequence: string;
  last_event_id: string | null;
  head_sequence: string;
}

/** A key's entries of this batch, in offset order. */
interface KeyBatch {
  tenantId: string;
  subscriptionId: string;
  orderingKey: string;
  entries: Entry[];
}

/**
 * Settling (ordered_events, ordered_keys): an ingest partition's entries get their key's next
 * sequence numbers and previous_event_id, in offset order, once the partition's committed offset
 * is past them. One settle of a partition at a time across the fleet (an advisory lock per
 * partition); keys of several partitions are serialised by their rows. A key with nothing to send
 * becomes due at once.
 */
@Injectable()
export class LaneSettlementRepository {
  constructor(
    private readonly db: DataSource,
    private readonly config: AppConfig,
  ) {}

  /** Null when another instance is settling the partition right now. */
  settle(request: SettleRequest): Promise<Settled | null> {
    return this.db.transaction(async (tx) => {
      const [{ locked }] = (await tx.query(
        `SELECT pg_try_advisory_xact_lock(hashtext('hookline ordered settle'), hashtext($1 || '/' || $2)) AS locked`,
        [request.topic, String(request.partition)],
      )) as { locked: boolean }[];
      if (!locked) return null;
      const entries: Entry[] = await tx.query(
        `SELECT tenant_id, subscription_id, ordering_key, source_offset, event_id FROM ordered_events
          WHERE source_topic = $1 AND source_partition = $2 AND sequence IS NULL AND source_offset < $3
          ORDER BY source_offset, subscription_id LIMIT $4`,
        [request.topic, request.partition, request.below, request.limit],
      );
      if (entries.length === 0) return { entries: 0, woken: 0 };
      const keys = groupByKey(entries);
      const current = await this.lockKeys(tx, keys);
      const woken = await this.number(tx, request, keys, current);
      return { entries: entries.length, woken };
    });
  }

  /**
   * Forgets up to `limit` keys with nothing to send, untouched for `days` days (ORDERED_KEY_RETENTION_DAYS):
   * a key's next event then starts a new chain. A key being settled meanwhile is touched and kept.
   */
  async forgetIdleKeys(days: number, limit: number): Promise<number> {
    const [, deleted] = (await this.db.query(
      `DELETE FROM ordered_keys k USING (
         SELECT subscription_id, ordering_key FROM ordered_keys
          WHERE due_at IS NULL AND blocked_at IS NULL AND updated_at < now() - $1 * interval '1 day' LIMIT $2) old
        WHERE k.subscription_id = old.subscription_id AND k.ordering_key = old.ordering_key
          AND k.due_at IS NULL AND k.blocked_at IS NULL AND k.updated_at < now() - $1 * interval '1 day'`,
      [days, limit],
    )) as [unknown, number];
    return deleted;
  }

  /**
   * Creates the keys not known yet and locks each, in key order (as dispatch does: no deadlock);
   * their chains as they stand. Each key is this deployment's (its namespace, KAFKA_TOPIC_PREFIX):
   * only its dispatchers, which hold its subscription table, send it.
   */
  private async lockKeys(tx: EntityManager, keys: KeyBatch[]): Promise<Map<string, KeyRow>> {
    const rows: KeyRow[] = await tx.query(
      `INSERT INTO ordered_keys AS k (subscription_id, ordering_key, tenant_id, namespace)
       SELECT s, key, tenant, $4 FROM unnest($1::uuid[], $2::text[], $3::text[]) AS x(s, key, tenant) ORDER BY 1, 2
       ON CONFLICT (subscription_id, ordering_key) DO UPDATE SET updated_at = now(), namespace = EXCLUDED.namespace
       RETURNING subscription_id, ordering_key, last_sequence, last_event_id, head_sequence`,
      [
        keys.map((k) => k.subscriptionId),
        keys.map((k) => k.orderingKey),
        keys.map((k) => k.tenantId),
        this.config.kafka.topicPrefix,
      ],
    );
    return new Map(rows.map((r) => [`${r.subscription_id} ${r.ordering_key}`, r]));
  }

  /** Numbers the entries on from each key's last sequence; returns how many idle keys became due. */
  private async number(
    tx: EntityManager,
    { topic, partition }: SettleRequest,
    keys: KeyBatch[],
    current: Map<string, KeyRow>,
  ): Promise<number> {
    const numbered: { subscriptionId: string; offset: string; sequence: number; previous: string | null }[] = [];
    const chains = keys.map((k) => {
      const row = current.get(`${k.subscriptionId} ${k.orderingKey}`)!;
      const last = Number(row.last_sequence);
      let previous = row.last_event_id;
      k.entries.forEach((e, i) => {
        numbered.push({ subscriptionId: k.subscriptionId, offset: e.source_offset, sequence: last + i + 1, previous });
        previous = e.event_id;
      });
      // Nothing was left to send (the head is past the chain's end): the key's new head is due now.
      return { key: k, last: last + k.entries.length, lastEventId: previous, wake: Number(row.head_sequence) > last };
    });
    await tx.query(
      `UPDATE ordered_keys k SET last_sequence = x.last, last_event_id = x.event_id,
              due_at = CASE WHEN x.wake THEN now() ELSE k.due_at END
         FROM unnest($1::uuid[], $2::text[], $3::bigint[], $4::text[], $5::bool[]) AS x(s, key, last, event_id, wake)
        WHERE k.subscription_id = x.s AND k.ordering_key = x.key`,
      [
        chains.map((c) => c.key.subscriptionId),
        chains.map((c) => c.key.orderingKey),
        chains.map((c) => c.last),
        chains.map((c) => c.lastEventId),
        chains.map((c) => c.wake),
      ],
    );
    await tx.query(
      `UPDATE ordered_events e SET sequence = x.seq, previous_event_id = x.previous
         FROM unnest($1::uuid[], $2::bigint[], $3::bigint[], $4::text[]) AS x(s, o, seq, previous)
        WHERE e.subscription_id = x.s AND e.source_topic = $5 AND e.source_partition = $6 AND e.source_offset = x.o`,
      [
        numbered.map((n) => n.subscriptionId),
        numbered.map((n) => n.offset),
        numbered.map((n) => n.sequence),
        numbered.map((n) => n.previous),
        topic,
        partition,
      ],
    );
    return chains.filter((c) => c.wake).length;
  }
}

function groupByKey(entries: Entry[]): KeyBatch[] {
  const keys = new Map<string, KeyBatch>();
  for (const e of entries) {
    const id = `${e.subscription_id} ${e.ordering_key}`;
    let batch = keys.get(id);
    if (!batch)
      keys.set(
        id,
        (batch = {
          tenantId: e.tenant_id,
          subscriptionId: e.subscription_id,
          orderingKey: e.ordering_key,
          entries: [],
        }),
      );
    batch.entries.push(e);
  }
  return [...keys.values()];
}
