import { Injectable } from '@nestjs/common';
import { AttemptLog } from '../../delivery/attempt-log/attempt-log.js';
import { EventHistory, type SentWindow, type StoredPayload } from '../../events/event-history.js';

export interface RecoveryWindow extends SentWindow {
  /** failed: only events whose latest attempt to the subscription failed; all: every event it was sent. */
  status: 'failed' | 'all';
}

/** The stored envelope {id, type, created_at, data} as JSON text, data as first delivered. */
export type RecoverableEvent = StoredPayload;

/** One step of the walk: the events to recover, and the last event id looked at (the next step's start). */
export interface RecoveryBatch {
  events: RecoverableEvent[];
  /** Null when the window holds no further event. */
  lastSeen: string | null;
}

/** Events looked at per query while counting. */
const COUNT_STEP = 5_000;

/**
 * Selects the events of a window that went to the subscription, from the event history, in event id
 * order (an event stored twice counts once). For `failed`, the attempt log says which of a batch's
 * events had a latest attempt that did not succeed.
 */
@Injectable()
export class RecoveryEvents {
  constructor(
    private readonly history: EventHistory,
    private readonly attempts: AttemptLog,
  ) {}

  async count(w: RecoveryWindow): Promise<number> {
    if (w.status === 'all') return this.history.countSentTo(w);
    let total = 0;
    for (let after: string | null = ''; after !== null;) {
      const batch = await this.batch(w, after, COUNT_STEP);
      total += batch.events.length;
      after = batch.lastSeen;
    }
    return total;
  }

  /** The events among the next `limit` of the window with an id after `afterId`, in id order. */
  async batch(w: RecoveryWindow, afterId: string | null, limit: number): Promise<RecoveryBatch> {
    const candidates = await this.history.sentTo(w, afterId ?? '', limit);
    const lastSeen = candidates.at(-1)?.id ?? null;
    if (w.status === 'all' || candidates.length === 0) return { events: candidates, lastSeen };
    const ids = candidates.map((e) => e.id);
    const failed = await this.attempts.latestFailed(w.tenantId, w.subscriptionId, ids, w.since);
    return { events: candidates.filter((e) => failed.has(e.id)), lastSeen };
  }
}
