import type { AttemptSummary } from '../../delivery/attempt-history.js';

/** A key an instance holds: its head's sequence, and the lease's token (fencing every write). */
export interface HeldKey {
  tenantId: string;
  subscriptionId: string;
  orderingKey: string;
  sequence: number;
  token: string;
}

/** The event at a key's head, as ingest put it in the lane and settling numbered it. */
export interface HeadEvent {
  id: string;
  type: string;
  createdAt: string;
  data: string;
  previousEventId: string | null;
  traceparent: string | null;
  receivedAt: Date;
}

/** A key claimed for its head's next attempt. */
export interface ClaimedHead extends HeldKey {
  /** Attempts of the head made so far (0: never, or redriven). */
  attempts: number;
  history: AttemptSummary[];
  /** An operator redrove the head: its next attempt is a manual one. */
  redriven: boolean;
  /** The previous holder's lease ran out before it finished: the head may have reached the endpoint. */
  mayBeReplay: boolean;
  /** Null only when the key's head row is missing (not expected: the key is then released idle). */
  event: HeadEvent | null;
}

/** A key's row with its head's, as the claim and advance statements return them. */
export interface ClaimRow {
  tenant_id: string;
  subscription_id: string;
  ordering_key: string;
  head_sequence: string;
  head_attempts: number;
  head_history: AttemptSummary[] | null;
  head_redriven: boolean;
  leased: boolean;
  event_id: string | null;
  event_type: string;
  event_created_at: string;
  data: string;
  previous_event_id: string | null;
  traceparent: string | null;
  received_at: Date;
}

/** A head as its row reads: `token` is the lease's, empty when the head is not held. */
export function claimedOf(r: ClaimRow, token: string): ClaimedHead {
  return {
    tenantId: r.tenant_id,
    subscriptionId: r.subscription_id,
    orderingKey: r.ordering_key,
    sequence: Number(r.head_sequence),
    token,
    attempts: r.head_attempts,
    history: r.head_history ?? [],
    redriven: r.head_redriven,
    mayBeReplay: r.leased,
    event:
      r.event_id === null
        ? null
        : {
            id: r.event_id,
            type: r.event_type,
            createdAt: r.event_created_at,
            data: r.data,
            previousEventId: r.previous_event_id,
            traceparent: r.traceparent,
            receivedAt: new Date(r.received_at),
          },
  };
}
