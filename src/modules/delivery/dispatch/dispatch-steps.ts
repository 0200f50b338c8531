import { v7 as uuidv7 } from 'uuid';
import { pooledRandomBytes } from '../../../platform/ids/random-pool.js';
import type { EgressResult } from '../../../platform/egress/egress-client.js';
import type { AttemptTelemetry } from '../../../platform/telemetry/delivery-telemetry.js';
import type { SubscriptionView } from '../../subscriptions/subscription-reader.js';
import type { DeliveryTaskV1 } from '../delivery-task.js';
import type { NextStep } from '../retry/retry-policy.js';
import type { AttemptSummary } from '../attempt-history.js';
import type { AttemptRecord } from './attempt-record.js';
import type { SentRequest, SlotOutcome } from './subscription-slots.js';

/**
 * Where one delivery attempt stands, as Svix's worker walks it: prepare → send → record → route.
 * Each step carries exactly what the next one needs, so a step cannot run without its inputs.
 * prepare goes straight to route when the task is not to be attempted (parked, circuit open) and
 * ends when its subscription is gone; route always ends.
 */
export type DispatchStep =
  | { step: 'prepare' }
  | { step: 'send'; subscription: SubscriptionView }
  | { step: 'record'; subscription: SubscriptionView; result: EgressResult; requestAt: number; next: NextStep }
  | {
      /**
       * Where `next` sends the task: success (done), its next retry tier (retry), the DLQ (stop:
       * gone or blocked; exhausted), or parked in the DLQ unattempted until a recovery (park).
       */
      step: 'route';
      subscription: SubscriptionView;
      next: NextStep;
      /** Undefined when nothing was sent. */
      result?: EgressResult;
      /** Every attempt so far, this one (or this skip) included. */
      trail: AttemptSummary[];
    }
  | { step: 'end'; outcome: NextStep | 'skipped' };

/** A step that still has work to do. */
export type PendingStep = Exclude<DispatchStep, { step: 'end' }>;

/** What every step of one attempt may read; `sent` is filled in for the subscription's slot. */
export interface DispatchContext {
  task: DeliveryTaskV1;
  history: readonly AttemptSummary[];
  telemetry: AttemptTelemetry;
  sent: SentRequest;
}

/** The attempt log's row for an attempt that was sent. */
export function attemptRecord(
  task: DeliveryTaskV1,
  result: EgressResult,
  requestAt: number,
  next: NextStep,
  traceId: string | null,
): AttemptRecord {
  return {
    id: uuidv7({ msecs: requestAt, random: pooledRandomBytes(16) }),
    createdAt: new Date(requestAt),
    tenantId: task.tenant_id,
    subscriptionId: task.subscription_id,
    eventId: task.event.id,
    eventType: task.event.type,
    attempt: task.attempt,
    trigger: task.trigger,
    outcome: result.outcome,
    statusCode: result.status ?? null,
    responseTimeMs: result.durationMs,
    responseBody: result.bodySnippet || null,
    responseHeaders: Object.keys(result.headers).length > 0 ? result.headers : null,
    error: result.errorMessage ?? null,
    traceId,
    nextAttemptAt: next.action === 'retry' && task.trigger !== 'test' ? new Date(next.dueAt) : null,
  };
}

/** A timeout, 429 or 503 says the endpoint is overloaded; any other answer lets it take one more request. */
export function slotOutcome(result: EgressResult): SlotOutcome {
  if (result.outcome === 'timeout' || result.status === 429 || result.status === 503) return 'overloaded';
  return result.outcome === 'connect_error' ? 'overloaded' : 'answered';
}
