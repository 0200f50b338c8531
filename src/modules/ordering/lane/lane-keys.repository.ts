import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { AttemptSummary } from '../../delivery/attempt-history.js';
import { claimedOf, type ClaimedHead } from './lane-heads.js';

/** A key as the API shows it, read with its head event. */
export interface KeyRow {
  ordering_key: string;
  last_sequence: string;
  head_sequence: string;
  head_attempts: number;
  head_history: AttemptSummary[] | null;
  due_at: Date | null;
  due_now: boolean;
  held: boolean;
  blocked_at: Date | null;
  updated_at: Date;
  event_id: string | null;
  event_type: string | null;
}

/** Where a key of the tenant's subscription is. */
export interface KeyAddress {
  tenantId: string;
  subscriptionId: string;
  orderingKey: string;
}

/** Why an operator's action on a key's head was refused, or the key after it. */
export type HeadAction = { refused: 'not_found' | 'not_blocked' | 'head_moved' } | { key: KeyRow };

const KEY_COLUMNS = `k.ordering_key, k.last_sequence, k.head_sequence, k.head_attempts, k.head_history, k.due_at,
  k.due_at <= now() AS due_now, k.lease_token IS NOT NULL AS held, k.blocked_at, k.updated_at, e.event_id, e.event_type`;
const HEAD_JOIN = `LEFT JOIN ordered_events e ON e.subscription_id = k.subscription_id
  AND e.ordering_key = k.ordering_key AND e.sequence = k.head_sequence`;

interface HeadRow extends KeyRow {
  tenant_id: string;
  event_created_at: string;
  data: string;
  previous_event_id: string | null;
  traceparent: string | null;
  received_at: Date;
  head_redriven: boolean;
}

/**
 * The lane's keys as the API reads and acts on them (ordered_keys, ordered_events), every query
 * scoped to the tenant and its subscription: a page of keys, one key, and an operator's redrive or
 * skip of a blocked key's head.
 */
@Injectable()
export class LaneKeysRepository {
  constructor(private readonly db: DataSource) {}

  /** Keys in key order after `after`, limit + 1 rows; `blocked`: only the blocked ones. */
  page(tenantId: string, subscriptionId: string, blocked: boolean, after: string | null, limit: number) {
    return this.db.query(
      `SELECT ${KEY_COLUMNS} FROM ordered_keys k ${HEAD_JOIN}
        WHERE k.tenant_id = $1 AND k.subscription_id = $2 ${blocked ? 'AND k.blocked_at IS NOT NULL' : ''}
          AND ($3::text IS NULL OR k.ordering_key > $3)
        ORDER BY k.ordering_key LIMIT $4`,
      [tenantId, subscriptionId, after, limit + 1],
    ) as Promise<KeyRow[]>;
  }

  async one({ tenantId, subscriptionId, orderingKey }: KeyAddress): Promise<KeyRow | undefined> {
    const rows: KeyRow[] = await this.db.query(
      `SELECT ${KEY_COLUMNS} FROM ordered_keys k ${HEAD_JOIN}
        WHERE k.tenant_id = $1 AND k.subscription_id = $2 AND k.ordering_key = $3`,
      [tenantId, subscriptionId, orderingKey],
    );
    return rows[0];
  }

  /** A blocked head gets a fresh schedule: due now, its next attempt a manual one. */
  redrive(address: KeyAddress, eventId?: string): Promise<HeadAction> {
    return this.onBlockedHead(address, eventId, async (tx, head) => {
      await tx.query(
        `UPDATE ordered_keys SET blocked_at = NULL, due_at = now(), head_attempts = 0, head_history = NULL,
                head_redriven = true, updated_at = now()
          WHERE subscription_id = $1 AND ordering_key = $2`,
        [address.subscriptionId, head.orderingKey],
      );
    });
  }

  /**
   * A blocked head is given up: `park` dead-letters it (its broker ack awaited while the key is
   * locked), then the key moves on to its next event.
   */
  skip(address: KeyAddress, eventId: string | undefined, park: (head: ClaimedHead) => Promise<void>) {
    return this.onBlockedHead(address, eventId, async (tx, head) => {
      await park(head);
      await tx.query(
        `UPDATE ordered_keys SET blocked_at = NULL, head_sequence = head_sequence + 1, head_attempts = 0,
                head_history = NULL, head_redriven = false, updated_at = now(),
                due_at = CASE WHEN head_sequence < last_sequence THEN now() ELSE NULL END
          WHERE subscription_id = $1 AND ordering_key = $2`,
        [address.subscriptionId, head.orderingKey],
      );
      await tx.query(`DELETE FROM ordered_events WHERE subscription_id = $1 AND ordering_key = $2 AND sequence = $3`, [
        address.subscriptionId,
        head.orderingKey,
        head.sequence,
      ]);
    });
  }

  /** Runs `act` on the key, locked, when it is blocked (and its head is `eventId`, when given). */
  private async onBlockedHead(
    address: KeyAddress,
    eventId: string | undefined,
    act: (tx: EntityManager, head: ClaimedHead) => Promise<void>,
  ): Promise<HeadAction> {
    const refused = await this.db.transaction(async (tx) => {
      const [row] = (await tx.query(
        `SELECT ${KEY_COLUMNS}, k.tenant_id, k.head_redriven, e.event_created_at, e.data, e.previous_event_id,
                e.traceparent, e.received_at
           FROM ordered_keys k ${HEAD_JOIN}
          WHERE k.tenant_id = $1 AND k.subscription_id = $2 AND k.ordering_key = $3
          FOR UPDATE OF k`,
        [address.tenantId, address.subscriptionId, address.orderingKey],
      )) as HeadRow[];
      if (!row) return 'not_found' as const;
      // A named head that is no longer the head: the key moved on, blocked again or not.
      if (eventId !== undefined && eventId !== row.event_id) return 'head_moved' as const;
      if (!row.blocked_at || row.event_id === null) return 'not_blocked' as const;
      await act(tx, headOf(address, row));
      return undefined;
    });
    if (refused) return { refused };
    const key = await this.one(address);
    return key ? { key } : { refused: 'not_found' };
  }
}

/** The blocked head an operator acts on, as the dispatcher's claim reads one (not held: no token). */
function headOf(address: KeyAddress, row: HeadRow): ClaimedHead {
  return claimedOf({ ...row, subscription_id: address.subscriptionId, event_type: row.event_type!, leased: false }, '');
}
