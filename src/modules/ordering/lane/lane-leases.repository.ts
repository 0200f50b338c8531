import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { MicroBatcher } from '../../../platform/batching/micro-batcher.js';
import { AppConfig } from '../../../platform/config/app-config.js';
import type { AttemptSummary } from '../../delivery/attempt-history.js';
import { claimedOf, type ClaimedHead, type ClaimRow, type HeldKey } from './lane-heads.js';

/** How many keys of one subscription this instance may claim now. */
export interface Quota {
  subscriptionId: string;
  free: number;
}

/** The keys each tenant holds on this instance, and the most one tenant may hold. */
export interface TenantShares {
  held: ReadonlyMap<string, number>;
  cap: number;
}

/**
 * The key's next event is visible to this statement. Kept only then: a settle that committed while
 * the advance waited for the key's row raised last_sequence (the update sees the row's latest
 * version), but its events are not in the statement's snapshot. Such a key is left due now instead,
 * for a claim, whose own statement sees them; kept, it would have found no event and been moved
 * past it.
 */
const NEXT_VISIBLE = `EXISTS (SELECT 1 FROM ordered_events n WHERE n.subscription_id = k.subscription_id
                          AND n.ordering_key = k.ordering_key AND n.sequence = k.head_sequence + 1)`;

/** Subscriptions looked at per claim at most (a loose scan of the due index). */
const MAX_SUBSCRIPTIONS_PER_SCAN = 10_000;

/**
 * The dispatcher's side of the lane (ordered_keys, ordered_events): claiming due keys (a lease that
 * is the key's due time until it ends, so a crashed holder's keys come due by themselves), renewing,
 * and ending a head's attempt: moving on, waiting for a retry, or blocking. Every write is fenced
 * by the lease's token: a holder that lost its key changes nothing.
 */
@Injectable()
export class LaneLeasesRepository {
  private readonly advances: MicroBatcher<Advance, AdvanceResult>;

  constructor(
    private readonly db: DataSource,
    private readonly config: AppConfig,
  ) {
    this.advances = new MicroBatcher((keys) => this.advanceAll(keys), {
      maxItems: 500,
      maxDelayMs: 2,
      maxConcurrentFlushes: 2,
    });
  }

  /**
   * This deployment's subscriptions with keys due or held (a loose index scan: one probe per
   * subscription). Another deployment sharing the database sends its own keys.
   */
  async scheduledSubscriptions(): Promise<string[]> {
    const rows: { id: string }[] = await this.db.query(
      `WITH RECURSIVE subs(id, n) AS (
         (SELECT subscription_id, 1 FROM ordered_keys WHERE namespace = $2 AND due_at IS NOT NULL
           ORDER BY subscription_id LIMIT 1)
         UNION ALL
         SELECT (SELECT k.subscription_id FROM ordered_keys k
                  WHERE k.namespace = $2 AND k.due_at IS NOT NULL AND k.subscription_id > s.id
                  ORDER BY k.subscription_id LIMIT 1), s.n + 1
           FROM subs s WHERE s.id IS NOT NULL AND s.n < $1)
       SELECT id FROM subs WHERE id IS NOT NULL`,
      [MAX_SUBSCRIPTIONS_PER_SCAN, this.namespace],
    );
    return rows.map((r) => r.id);
  }

  /**
   * Claims up to `total` due keys, at most each subscription's quota, none of a disabled
   * subscription (its keys wait where they are); each with its head event. Tenants take turns: a
   * key's turn is its rank among its tenant's due keys (oldest first) plus the keys the tenant
   * holds here already (`tenants`), and no tenant passes `tenants.cap`, so one tenant's backlog of
   * slow keys cannot keep another tenant's keys waiting for the whole pool.
   */
  async claim(
    quotas: Quota[],
    total: number,
    leaseMs: number,
    token: string,
    tenants: TenantShares = { held: new Map(), cap: total },
  ): Promise<ClaimedHead[]> {
    if (quotas.length === 0 || total <= 0) return [];
    const rows: ClaimRow[] = await this.db.query(
      `WITH held AS (SELECT * FROM unnest($7::text[], $8::int[]) AS h(tenant_id, n)),
       due AS (
         SELECT c.*, COALESCE(h.n, 0) + row_number() OVER (PARTITION BY s.tenant_id ORDER BY c.due_at) AS turn
           FROM unnest($1::uuid[], $2::int[]) AS q(id, free)
           JOIN subscriptions s ON s.id = q.id AND s.status <> 'disabled'
           LEFT JOIN held h ON h.tenant_id = s.tenant_id
           CROSS JOIN LATERAL (
             SELECT subscription_id, ordering_key, due_at, lease_token IS NOT NULL AS leased FROM ordered_keys
              WHERE namespace = $6 AND subscription_id = q.id AND due_at <= now() ORDER BY due_at LIMIT q.free) c),
       candidates AS (SELECT * FROM due WHERE turn <= $9 ORDER BY turn, due_at LIMIT $3),
       claimed AS (
         UPDATE ordered_keys k SET due_at = now() + $4 * interval '1 millisecond', lease_token = $5, updated_at = now()
           FROM candidates c
          WHERE k.subscription_id = c.subscription_id AND k.ordering_key = c.ordering_key AND k.due_at <= now()
         RETURNING k.tenant_id, k.subscription_id, k.ordering_key, k.head_sequence, k.head_attempts, k.head_history,
                   k.head_redriven, c.leased)
       SELECT c.*, e.event_id, e.event_type, e.event_created_at, e.data, e.previous_event_id, e.traceparent, e.received_at
         FROM claimed c LEFT JOIN ordered_events e ON e.subscription_id = c.subscription_id
          AND e.ordering_key = c.ordering_key AND e.sequence = c.head_sequence`,
      [
        quotas.map((q) => q.subscriptionId),
        quotas.map((q) => q.free),
        total,
        leaseMs,
        token,
        this.namespace,
        [...tenants.held.keys()],
        [...tenants.held.values()],
        tenants.cap,
      ],
    );
    return rows.map((r) => claimedOf(r, token));
  }

  private get namespace(): string {
    return this.config.kafka.topicPrefix;
  }

  /** Extends the leases of keys still held; the keys whose lease this instance lost are not renewed. */
  async renew(keys: HeldKey[], leaseMs: number): Promise<void> {
    if (keys.length === 0) return;
    await this.db.query(
      `UPDATE ordered_keys k SET due_at = now() + $4 * interval '1 millisecond'
         FROM unnest($1::uuid[], $2::text[], $3::uuid[]) AS x(s, key, token)
        WHERE k.subscription_id = x.s AND k.ordering_key = x.key AND k.lease_token = x.token`,
      [keys.map((k) => k.subscriptionId), keys.map((k) => k.orderingKey), keys.map((k) => k.token), leaseMs],
    );
  }

  /**
   * The head was delivered or given up: its entry goes and the key moves on to its next sequence,
   * due at once when there is one. With `keepMs`, a next event stays with this holder (its lease
   * renewed for keepMs) and comes back as `next`, so the key goes on without a claim.
   */
  advance(key: HeldKey, keepMs = 0): Promise<AdvanceResult> {
    return this.advances.add({ key, keepMs });
  }

  /** The head waits in place until `dueAt` (a retry, an open circuit, a disabled subscription). */
  async reschedule(key: HeldKey, dueAt: Date, attempts: number, history: readonly AttemptSummary[]): Promise<boolean> {
    return this.update(key, `due_at = $5, head_attempts = $6, head_history = $7`, [
      dueAt.toISOString(),
      attempts,
      JSON.stringify(history),
    ]);
  }

  /** Retries exhausted under on_exhausted "block": the key waits for an operator (not due). */
  async block(key: HeldKey, attempts: number, history: readonly AttemptSummary[]): Promise<boolean> {
    return this.update(key, `due_at = NULL, blocked_at = now(), head_attempts = $5, head_history = $6`, [
      attempts,
      JSON.stringify(history),
    ]);
  }

  /** Gives a key back unattempted, due at once (a shutdown before its request). */
  async release(key: HeldKey): Promise<boolean> {
    return this.update(key, `due_at = now()`, []);
  }

  private async update(key: HeldKey, set: string, values: unknown[]): Promise<boolean> {
    const [, affected] = (await this.db.query(
      `UPDATE ordered_keys SET ${set}, lease_token = NULL, updated_at = now()
        WHERE subscription_id = $1 AND ordering_key = $2 AND head_sequence = $3 AND lease_token = $4`,
      [key.subscriptionId, key.orderingKey, key.sequence, key.token, ...values],
    )) as [unknown, number];
    return affected > 0;
  }

  /** Many keys' moves in one statement, the keys locked in key order (as settling locks them). */
  private async advanceAll(advances: Advance[]): Promise<AdvanceResult[]> {
    const keys = advances.map((a) => a.key);
    const rows: (Partial<ClaimRow> & { subscription_id: string; ordering_key: string; kept: boolean })[] =
      await this.db.query(
        `WITH d AS (SELECT * FROM unnest($1::uuid[], $2::text[], $3::bigint[], $4::uuid[], $5::int[])
                      AS d(s, key, seq, token, keep_ms)),
         locked AS (
           SELECT k.subscription_id, k.ordering_key, d.keep_ms FROM ordered_keys k
             JOIN d ON k.subscription_id = d.s AND k.ordering_key = d.key AND k.head_sequence = d.seq
                   AND k.lease_token = d.token
            ORDER BY 1, 2 FOR UPDATE OF k),
         moved AS (
           UPDATE ordered_keys k SET head_sequence = k.head_sequence + 1, head_attempts = 0, head_history = NULL,
                  head_redriven = false, updated_at = now(),
                  lease_token = CASE WHEN l.keep_ms > 0 AND ${NEXT_VISIBLE} THEN k.lease_token END,
                  due_at = CASE WHEN k.head_sequence >= k.last_sequence THEN NULL
                                WHEN l.keep_ms > 0 AND ${NEXT_VISIBLE} THEN now() + l.keep_ms * interval '1 millisecond'
                                ELSE now() END
             FROM locked l
            WHERE k.subscription_id = l.subscription_id AND k.ordering_key = l.ordering_key
           RETURNING k.tenant_id, k.subscription_id, k.ordering_key, k.head_sequence, k.lease_token IS NOT NULL AS kept),
         gone AS (
           DELETE FROM ordered_events e USING moved m
            WHERE e.subscription_id = m.subscription_id AND e.ordering_key = m.ordering_key
              AND e.sequence = m.head_sequence - 1)
         SELECT m.*, e.event_id, e.event_type, e.event_created_at, e.data, e.previous_event_id, e.traceparent,
                e.received_at
           FROM moved m LEFT JOIN ordered_events e ON m.kept AND e.subscription_id = m.subscription_id
            AND e.ordering_key = m.ordering_key AND e.sequence = m.head_sequence`,
        [
          keys.map((k) => k.subscriptionId),
          keys.map((k) => k.orderingKey),
          keys.map((k) => k.sequence),
          keys.map((k) => k.token),
          advances.map((a) => a.keepMs),
        ],
      );
    const moved = new Map(rows.map((r) => [`${r.subscription_id} ${r.ordering_key}`, r]));
    return keys.map((k) => {
      const row = moved.get(`${k.subscriptionId} ${k.orderingKey}`);
      if (!row) return { moved: false };
      if (!row.kept) return { moved: true };
      const next = { ...row, head_attempts: 0, head_history: null, head_redriven: false, leased: false } as ClaimRow;
      return { moved: true, next: claimedOf(next, k.token) };
    });
  }
}

interface Advance {
  key: HeldKey;
  /** > 0: keep a next event, its lease this long. */
  keepMs: number;
}

/** Whether the key moved on (false: its lease was lost), and its next head when this holder kept it. */
export interface AdvanceResult {
  moved: boolean;
  next?: ClaimedHead;
}
