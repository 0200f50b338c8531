import { Injectable, Logger } from '@nestjs/common';
import { EgressClient } from '../../../platform/egress/egress-client.js';
import { retryTransient } from '../../../platform/errors/retry-transient.js';
import { traceAttempt } from '../../../platform/telemetry/delivery-telemetry.js';
import { counter } from '../../../platform/telemetry/metrics.js';
import { appendHistory, summarizeAttempt, summarizeSkip, type AttemptSummary } from '../attempt-history.js';
import { FailureHandling } from '../failures/failure-handling.service.js';
import { MatchingService } from '../../matching/matching.service.js';
import { AttemptWriter } from './attempt-writer.js';
import { markedIfReplay, type DeliveryTaskV1 } from '../delivery-task.js';
import { RetryPolicy, type NextStep } from '../retry/retry-policy.js';
import { signedRequestHeaders } from '../signing/request-signing.js';
import { bodyOf } from '../task-record.js';
import { TaskDeferral } from './task-deferral.js';
import { TaskForwarder } from './task-forwarder.js';
import { ConcurrencyReporter } from './concurrency-reporter.js';
import { DeliveredCheck } from './delivered-check.js';
import { SubscriptionSlots, type SentRequest } from './subscription-slots.js';
import { TaskClaims } from './task-claims.js';
import {
  attemptRecord,
  slotOutcome,
  type DispatchContext,
  type DispatchStep,
  type PendingStep,
} from './dispatch-steps.js';
import { AppConfig } from '../../../platform/config/app-config.js';
import { StallConfirmation } from '../../../platform/kafka/stall-confirmation.js';
import { AfterEffectError } from '../../../platform/kafka/poison-record.error.js';
import type { InboundMessage } from '../../../platform/kafka/inbound-message.js';

/**
 * How long a task waits for one of its subscription's request slots before it steps aside: long
 * enough for a slow large upload to finish, short against an endpoint that hangs.
 */
const SLOT_WAIT_MS = 5_000;

const skipped = counter('hookline_delivery_skipped_total', 'Tasks dropped: subscription deleted');
const duplicates = counter(
  'hookline_delivery_duplicate_tasks_total',
  'Task records read again after this instance began the same task (a produce repeated after a timeout): not sent again',
);

/**
 * One delivery task, as a small typed state machine (DispatchStep): prepare (subscription, failure
 * checks) → send (signed request) → record the attempt → route (success, next retry tier, DLQ or
 * park), then the circuit and the subscription's status follow. Resolves only
 * when the attempt is on record and any forwarded task is acknowledged; never throws for an
 * endpoint's failure, which is an outcome, not an error.
 */
@Injectable()
export class DeliveryService {
  private readonly log = new Logger('Delivery');
  private readonly slots: SubscriptionSlots;
  private readonly claims = new TaskClaims();

  constructor(
    private readonly matching: MatchingService,
    private readonly egress: EgressClient,
    private readonly writer: AttemptWriter,
    private readonly policy: RetryPolicy,
    private readonly forwarder: TaskForwarder,
    private readonly deferral: TaskDeferral,
    private readonly failures: FailureHandling,
    private readonly concurrency: ConcurrencyReporter,
    private readonly deliveredCheck: DeliveredCheck,
    stalls: StallConfirmation,
    config: AppConfig,
  ) {
    this.slots = new SubscriptionSlots(config.env.DELIVERY_CONCURRENCY_PER_SUBSCRIPTION);
    concurrency.watch(this.slots);
    // Records are keyed by subscription: a key stalls only while its endpoint keeps a request waiting.
    stalls.judgeWith((subscriptionId, now) => this.slots.endpointHolds(subscriptionId, now));
  }

  /**
   * `history`: the attempts before this one (retry tiers carry it in a header). A subscription that
   * already has its share of requests in flight across the stages, with none freed within
   * SLOT_WAIT_MS while others' were (SubscriptionSlots.acquire), makes the task step aside instead
   * of holding a slot here. `record`: the Kafka record the task was read from, which the attempt's
   * span describes; when the consumer base asks it to step aside (its subscription stalls), the task
   * goes to a retry tier at once, still marked when it may be a replay. A task that may be a replay
   * (the record is in its consumer's replay window, or fan-out marked it) is first checked against
   * the attempt log, and not sent again once delivered.
   */
  async deliver(
    task: DeliveryTaskV1,
    history: readonly AttemptSummary[] = [],
    record?: InboundMessage,
  ): Promise<NextStep | 'skipped' | 'deferred'> {
    if (record?.stepAside && (await this.deferral.defer(markedIfReplay(task, record.mayBeReplay), history)))
      return 'deferred';
    if ((record?.mayBeReplay || task.may_be_replay) && (await this.deliveredCheck.delivered(task))) return 'skipped';
    if (!this.claims.claim(task)) {
      duplicates.inc();
      return 'skipped';
    }
    try {
      return await this.claimed(task, history, record);
    } catch (error) {
      // Failed before its request: the consumer base runs it again. After it: parked, never re-run.
      if (!(error instanceof AfterEffectError)) this.claims.release(task);
      throw error;
    }
  }

  private async claimed(
    task: DeliveryTaskV1,
    history: readonly AttemptSummary[],
    record: InboundMessage | undefined,
  ): Promise<NextStep | 'skipped' | 'deferred'> {
    const id = task.subscription_id;
    this.concurrency.saw(task.tenant_id, id);
    if (!(await this.slots.acquire(id, SLOT_WAIT_MS))) {
      if (await this.deferral.defer(task, history)) return 'deferred';
      await this.slots.acquire(id, 2 ** 31 - 1);
    }
    const sent: SentRequest = {};
    try {
      return await this.traced(task, history, sent, record);
    } finally {
      this.slots.release(id, sent.outcome, sent.firstByteMs);
      if (sent.outcome === 'answered') this.deferral.answered(id);
    }
  }

  private traced(
    task: DeliveryTaskV1,
    history: readonly AttemptSummary[],
    sent: SentRequest,
    record: InboundMessage | undefined,
  ): Promise<NextStep | 'skipped'> {
    return traceAttempt(
      {
        tenantId: task.tenant_id,
        subscriptionId: task.subscription_id,
        eventId: task.event.id,
        eventType: task.event.type,
        attempt: task.attempt,
        trigger: task.trigger,
        firstAttemptAt: task.first_attempt_at,
        traceparent: task.traceparent,
        previousAttemptTraceparent: task.previous_attempt_traceparent,
        record,
      },
      (telemetry) => this.attempt({ task, history, telemetry, sent }),
    );
  }

  /** Walks the attempt's steps from prepare to end (see DispatchStep). */
  private async attempt(context: DispatchContext): Promise<NextStep | 'skipped'> {
    let state: DispatchStep = { step: 'prepare' };
    while (state.step !== 'end') state = await this.advance(state, context);
    return state.outcome;
  }

  private advance(state: PendingStep, context: DispatchContext): Promise<DispatchStep> {
    switch (state.step) {
      case 'prepare':
        return this.prepare(context);
      case 'send':
        return this.send(state, context);
      case 'record':
        return this.record(state, context);
      case 'route':
        return this.route(state, context);
    }
  }

  /** The subscription as held in memory, and the failure checks that may take a step instead of an attempt. */
  private async prepare({ task, history, telemetry }: DispatchContext): Promise<DispatchStep> {
    const subscription = await this.matching.find(task.tenant_id, task.subscription_id);
    if (!subscription) {
      skipped.inc();
      this.log.debug?.(`task for unknown subscription ${task.subscription_id} dropped`);
      return { step: 'end', outcome: 'skipped' };
    }
    // Disabled (parked), circuit open (next tier) or rate-limited (waits here).
    const instead = await this.failures.beforeAttempt(task, subscription);
    if (!instead) return { step: 'send', subscription };
    telemetry.skipped(instead.action === 'park' ? instead.reason : 'circuit_open');
    const trail = appendHistory(history, summarizeSkip(task.attempt, instead, Date.now()));
    return { step: 'route', subscription, next: instead, trail };
  }

  /** The signed request, and the policy's verdict on its result. */
  private async send(
    { subscription }: Extract<DispatchStep, { step: 'send' }>,
    { task, telemetry, sent }: DispatchContext,
  ): Promise<DispatchStep> {
    const requestAt = Date.now();
    const body = bodyOf(task);
    const headers = signedRequestHeaders({ msgId: task.event.id, body, secrets: subscription.secrets, now: requestAt });
    // traceparent (per subscription, on by default) is written by the telemetry layer.
    const answered = this.slots.sending(task.subscription_id, requestAt);
    const result = await telemetry
      .outbound(subscription.sendTraceparent, (traceHeaders) =>
        this.egress.post(subscription.url, { headers: { ...headers, ...traceHeaders }, body }),
      )
      .finally(answered);
    sent.outcome = slotOutcome(result);
    sent.firstByteMs = result.firstByteMs;
    const next = this.policy.next(task.attempt, result, Date.now());
    telemetry.finish(result);
    return { step: 'record', subscription, result, requestAt, next };
  }

  /**
   * The attempt log's row, written before the task moves on, so that the log never misses an
   * attempt. The request went out: this step and the next retry in place, and never make the
   * handler run (and send) again.
   */
  private async record(
    { subscription, result, requestAt, next }: Extract<DispatchStep, { step: 'record' }>,
    { task, history, telemetry }: DispatchContext,
  ): Promise<DispatchStep> {
    const attempt = attemptRecord(task, result, requestAt, next, telemetry.traceId);
    await afterTheRequest(() =>
      retryTransient(
        () => this.writer.write(attempt),
        (e) => this.log.warn(`attempt record for ${task.event.id} not written yet: ${String(e)}`),
      ),
    );
    const trail = appendHistory(history, summarizeAttempt(task.attempt, result, requestAt));
    return { step: 'route', subscription, next, result, trail };
  }

  /** Success, next tier, DLQ or park; then the circuit and the subscription's status follow. */
  private async route(
    { subscription, next, result, trail }: Extract<DispatchStep, { step: 'route' }>,
    { task }: DispatchContext,
  ): Promise<DispatchStep> {
    const steps = async () => {
      await retryTransient(() => this.forwarder.forward(task, next, result, trail));
      await retryTransient(() => this.failures.afterAttempt(task, subscription, result, next, trail));
    };
    // Without a request (circuit open, disabled) the whole handler may safely run again.
    await (result ? afterTheRequest(steps) : steps());
    return { step: 'end', outcome: next };
  }
}

/** A step after the request: a failure it cannot heal parks the task (AfterEffectError) rather than re-send it. */
async function afterTheRequest(step: () => Promise<void>): Promise<void> {
  try {
    await step();
  } catch (error) {
    throw new AfterEffectError(error);
  }
}
