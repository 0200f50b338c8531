import { v7 as uuidv7 } from 'uuid';
import { pooledRandomBytes } from '../../../platform/ids/random-pool.js';
import type { AttemptRecord } from '../../delivery/dispatch/attempt-record.js';
import type { DeliveryTaskV2, DeliveryTrigger } from '../../delivery/delivery-task.js';
import { envelopeBody } from '../../delivery/task-record.js';
import type { ClaimedHead, HeadEvent } from '../lane/lane-heads.js';

/** The head's next attempt: its first (initial, or manual once redriven), or a retry. */
function triggerOf(head: Pick<ClaimedHead, 'attempts' | 'redriven'>): DeliveryTrigger {
  if (head.attempts > 0) return 'retry';
  return head.redriven ? 'manual' : 'initial';
}

/**
 * The delivery task of a key's head, as dispatch takes any task: the body written here once, with
 * the key's sequence and previous_event_id, and sent as these bytes on every attempt.
 */
export function headTask(head: ClaimedHead & { event: HeadEvent }, now = new Date()): DeliveryTaskV2 {
  const { event } = head;
  const envelope = {
    id: event.id,
    type: event.type,
    created_at: event.createdAt,
    sequence: head.sequence,
    previous_event_id: event.previousEventId,
  };
  return {
    type: 'DeliveryTaskV2',
    tenant_id: head.tenantId,
    subscription_id: head.subscriptionId,
    event: envelope,
    body: envelopeBody(envelope, event.data),
    attempt: head.attempts + 1,
    trigger: triggerOf(head),
    first_attempt_at: event.receivedAt.toISOString(),
    enqueued_at: now.toISOString(),
    ...(event.traceparent ? { traceparent: event.traceparent } : {}),
    ...(head.mayBeReplay ? { may_be_replay: true } : {}),
  };
}

/**
 * The delivery log's entry for a head the key moved past without delivering it: no request was
 * made (outcome `skipped`), the event is in the DLQ, and `error` says why. `attempts`: those made.
 */
export function skipRecord(task: DeliveryTaskV2, attempts: number, why: string, at = new Date()): AttemptRecord {
  return {
    id: uuidv7({ msecs: at.getTime(), random: pooledRandomBytes(16) }),
    createdAt: at,
    tenantId: task.tenant_id,
    subscriptionId: task.subscription_id,
    eventId: task.event.id,
    eventType: task.event.type,
    attempt: Math.max(1, attempts),
    trigger: task.trigger,
    outcome: 'skipped',
    statusCode: null,
    responseTimeMs: 0,
    responseBody: null,
    responseHeaders: null,
    error: why,
    traceId: null,
    nextAttemptAt: null,
  };
}
