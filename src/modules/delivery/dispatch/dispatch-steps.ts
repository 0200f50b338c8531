import { v7 as uuidv7 } from 'uuid';
import { pooledRandomBytes } from '../../../platform/ids/random-pool.js';
import type { EgressResult } from '../../../platform/egress/egress-client.js';
import type { AttemptTelemetry } from '../../../platform/telemetry/delivery-telemetry.js';
import type { SubscriptionView } from '../../subscriptions/subscription-reader.js';
import type { DeliveryTaskV2 } from '../delivery-task.js';
import type { NextStep } from '../retry/retry-policy.js';
import type { AttemptSummary } from '../attempt-history.js';
import type { AttemptRecord } from './attempt-record.js';
import type { InboundMessage } from '../../../platform/kafka/inbound-message.js';
import type { SentRequest, SlotOutcome } from '../pressure/request-slots.js';
import type { TaskPlacement } from './task-forwarder.js';

/** Why a task steps aside: the consumer base sent it aside (its buffer), or its subscription stalls (its slots). */
export type StepAsideCause = 'buffer' | 'stalled';

/**
 * Where one delivery task stands, as Svix's worker walks its dispatch: admit → prepare → send →
 * record → route, or admit → step-aside. Each step carries exactly what the next one needs, so a
 * step cannot run without its inputs. admit takes one of the subscription's request slots, ends a
 * replayed task already delivered, or makes the task step aside; step-aside defers it to a retry
 * tier (and, with no tier to go to, admits it after all). prepare goes straight to route when the
 * task is not to be attempted (parked, circuit open) and ends when its subscription is gone; route
 * always ends.
 */
export type DispatchStep =
  | {
      step: 'admit';
      /** False once the task has been refused a step aside (no tier): it then waits for its slot. */
      mayStepAside: boolean;
    }
  | { step: 'step-aside'; because: StepAsideCause }
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
  | { step: 'end'; outcome: DispatchOutcome };

/** How a task's dispatch ended: the retry policy's next step, skipped (gone, or delivered before), or deferred. */
export type DispatchOutcome = NextStep | 'skipped' | 'deferred';

/** The steps before the attempt (no attempt span yet). */
export type AdmissionStep = Extract<DispatchStep, { step: 'admit' | 'step-aside' }>;
/** The steps of the attempt itself, in its span. */
export type AttemptStep = Exclude<DispatchStep, AdmissionStep | { step: 'end' }>;

/** What every step of one task may read; `sent` is filled in for the subscription's slot. */
export interface DispatchFlow {
  task: DeliveryTaskV2;
  history: readonly AttemptSummary[];
  /** The Kafka record the task was read from (the consumer base's marks: step aside, may be a replay). */
  record?: InboundMessage;
  sent: SentRequest;
  /** When the task took its subscription's request slot; undefined while it holds none. */
  slotTakenAt?: number;
  /** The end of the same (subscription, event)'s task already in dispatch here, if one is. */
  twinEnded?: Promise<void>;
  /** Where the task goes after its attempt instead of the retry tiers and the DLQ (the ordered lane's). */
  placement?: TaskPlacement;
  /** The task was claimed (TaskClaims): a copy of it read later is not sent again. */
  claimed?: boolean;
}

/** The flow of an attempt under way: its span's telemetry too. */
export interface DispatchContext extends DispatchFlow {
  telemetry: AttemptTelemetry;
}

/** The attempt log's row for an attempt that was sent. */
export function attemptRecord(
  task: DeliveryTaskV2,
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
    // A request cut by the shutdown is not routed to a retry tier: the next owner of its record sends it.
    nextAttemptAt:
      next.action === 'retry' && task.trigger !== 'test' && !result.cutByShutdown ? new Date(next.dueAt) : null,
  };
}

/**
 * The shutdown cut the task's request (EgressClient.cutInFlight). Its attempt is on record; the task
 * is not routed (no retry tier, no circuit): its record stays unfinished and uncommitted, and the
 * partition's next owner delivers it again (at least once).
 */
export class RequestCutByShutdown extends Error {
  constructor(task: DeliveryTaskV2) {
    super(`the request of ${task.event.id} to ${task.subscription_id} was cut by the shutdown: delivered again later`);
  }
}

/** A timeout, 429 or 503 says the endpoint is overloaded; any other answer lets it take one more request. */
export function slotOutcome(result: EgressResult): SlotOutcome {
  if (result.outcome === 'timeout' || result.status === 429 || result.status === 503) return 'overloaded';
  return result.outcome === 'connect_error' ? 'overloaded' : 'answered';
}
