import { Injectable, Logger } from '@nestjs/common';
import { EgressClient } from '../../../platform/egress/egress-client.js';
import { retryTransient } from '../../../platform/errors/retry-transient.js';
import { traceAttempt } from '../../../platform/telemetry/delivery-telemetry.js';
import { counter } from '../../../platform/telemetry/metrics.js';
import { subscriptionSeries } from '../../../platform/telemetry/subscription-series.js';
import { appendHistory, summarizeAttempt, summarizeSkip, type AttemptSummary } from '../attempt-history.js';
import { FailureHandling } from '../failures/failure-handling.service.js';
import { MatchingService } from '../../matching/matching.service.js';
import { SubscriptionCredentials } from '../../subscriptions/subscription-credentials.js';
import { SubscriptionSecrets } from '../../subscriptions/subscription-secrets.js';
import { AttemptWriter } from './attempt-writer.js';
import { markedIfReplay, type DeliveryTaskV2 } from '../delivery-task.js';
import { RetryPolicy } from '../retry/retry-policy.js';
import { signedRequestHeaders } from '../signing/request-signing.js';
import { TaskDeferral } from './task-deferral.js';
import { TaskForwarder, type TaskPlacement } from './task-forwarder.js';
import { ConcurrencyReporter } from './concurrency-reporter.js';
import { DeliveredCheck } from './delivered-check.js';
import { TaskClaims } from './task-claims.js';
import {
  attemptRecord,
  RequestCutByShutdown,
  slotOutcome,
  type AdmissionStep,
  type AttemptStep,
  type DispatchContext,
  type DispatchFlow,
  type DispatchOutcome,
  type DispatchStep,
} from './dispatch-steps.js';
import { SubscriptionPressure } from '../pressure/subscription-pressure.js';
import { AfterEffectError } from '../../../platform/kafka/poison-record.error.js';
import type { InboundMessage } from '../../../platform/kafka/inbound-message.js';

const skipped = counter('hookline_delivery_skipped_total', 'Tasks dropped: subscription deleted');
const duplicates = counter(
  'hookline_delivery_duplicate_tasks_total',
  'Task records read again after this instance began the same task (a produce repeated after a timeout): not sent again',
);

/**
 * One delivery task, as a small typed state machine (DispatchStep): admit (a request slot of its
 * subscription, or step aside) → prepare (subscription, failure checks) → send (signed request) →
 * record the attempt → route (success, next retry tier, DLQ or park), then the circuit and the
 * subscription's status follow. Resolves only when the attempt is on record and any forwarded task
 * is acknowledged; never throws for an endpoint's failure, which is an outcome, not an error.
 */
@Injectable()
export class DeliveryService {
  private readonly log = new Logger('Delivery');
  /**
   * The task of each (subscription, event) in dispatch in this process, as a promise of its end. A
   * possible replay waits for its twin before it asks the attempt log: after a crash a task may
   * be read twice, both copies at once (the first never begun, the second fanned out again), and
   * the second must see the first's attempt.
   */
  private readonly inDispatch = new Map<string, Promise<void>>();
  /** Tasks begun here: a copy of one (a record written twice by a repeated produce) is not sent again. */
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
    private readonly secrets: SubscriptionSecrets,
    private readonly credentials: SubscriptionCredentials,
    private readonly pressure: SubscriptionPressure,
  ) {
    concurrency.watch(pressure);
    // A deleted subscription: nothing of it stays in memory here, its credentials least of all.
    matching.onForget((id) => {
      pressure.forget(id);
      credentials.forget(id);
      egress.forget(id);
    });
  }

  /**
   * `history`: the attempts before this one (retry tiers carry it in a header). `record`: the Kafka
   * record the task was read from, which the attempt's span describes; the consumer base may have
   * marked it to step aside (its subscription stalls) or as a possible replay (its previous owner
   * may have processed it: the attempt log is asked first).
   */
  deliver(
    task: DeliveryTaskV2,
    history: readonly AttemptSummary[] = [],
    record?: InboundMessage,
  ): Promise<DispatchOutcome> {
    const first: DispatchStep = record?.stepAside ? { step: 'step-aside', because: 'buffer' } : this.admitStep();
    return this.run({ task, history, record, sent: {} }, first);
  }

  /**
   * A task fan-out dispatches here and now (the direct lane, docs/design/head-of-line.md): one of
   * its subscription's request slots is already taken for it (SubscriptionPressure.directTurn), so it
   * starts at prepare. Resolves as deliver() does.
   */
  deliverAdmitted(task: DeliveryTaskV2): Promise<DispatchOutcome> {
    this.concurrency.saw(task.tenant_id, task.subscription_id);
    return this.run({ task, history: [], sent: {}, slotTakenAt: Date.now() }, { step: 'prepare' });
  }

  /**
   * The ordered lane's entry (docs/design/ordered-delivery.md): the same steps, but the task never steps
   * aside (it waits for its slot) and `placement` takes the place of the retry tiers and the DLQ,
   * so a retry stays in place. A task marked may_be_replay is checked against the attempt log first.
   */
  deliverInPlace(
    task: DeliveryTaskV2,
    history: readonly AttemptSummary[],
    placement: TaskPlacement,
  ): Promise<DispatchOutcome> {
    return this.run({ task, history, sent: {}, placement }, this.admitStep(false));
  }

  private async run(flow: DispatchFlow, first: DispatchStep): Promise<DispatchOutcome> {
    const { task } = flow;
    const twin = `${task.subscription_id} ${task.event.id}`;
    const ended = Promise.withResolvers<void>();
    flow.twinEnded = this.inDispatch.get(twin);
    this.inDispatch.set(twin, ended.promise);
    let state = first;
    try {
      while (state.step === 'admit' || state.step === 'step-aside') state = await this.admission(state, flow);
      return state.step === 'end' ? state.outcome : await this.traced(state, flow);
    } catch (error) {
      // Failed before its request: the consumer base runs it again. After it: parked, never re-run.
      if (flow.claimed && !(error instanceof AfterEffectError)) this.claims.release(task);
      throw error;
    } finally {
      if (flow.slotTakenAt !== undefined)
        this.pressure.release(task.subscription_id, flow.sent, Date.now() - flow.slotTakenAt);
      if (this.inDispatch.get(twin) === ended.promise) this.inDispatch.delete(twin);
      ended.resolve();
    }
  }

  private admitStep(mayStepAside = true): DispatchStep {
    return { step: 'admit', mayStepAside };
  }

  /** Before the attempt: a slot of the subscription's, or a step aside to a retry tier. */
  private async admission(state: AdmissionStep, flow: DispatchFlow): Promise<DispatchStep> {
    const { task, history, record } = flow;
    if (state.step === 'step-aside') {
      // A possible replay steps aside still marked, so that its later delivery checks too.
      const deferredTask = markedIfReplay(task, record?.mayBeReplay);
      if (await this.deferral.defer(deferredTask, history)) return { step: 'end', outcome: 'deferred' };
      return this.admitStep(state.because === 'buffer');
    }
    if (record?.mayBeReplay || task.may_be_replay) {
      await flow.twinEnded;
      if (await this.deliveredCheck.delivered(task)) return { step: 'end', outcome: 'skipped' };
    }
    // The ordered lane's head is fenced by its key's lease, and its next attempt after a crash may
    // be the same task again: claims (copies of a Kafka record) are not its concern.
    if (!flow.claimed && !flow.placement) {
      if (!this.claims.claim(task)) {
        duplicates.inc();
        return { step: 'end', outcome: 'skipped' };
      }
      flow.claimed = true;
    }
    this.concurrency.saw(task.tenant_id, task.subscription_id);
    const verdict = await this.pressure.acquire(task.subscription_id, !state.mayStepAside);
    if (verdict === 'step-aside') return { step: 'step-aside', because: 'stalled' };
    flow.slotTakenAt = Date.now();
    return { step: 'prepare' };
  }

  private traced(state: AttemptStep, flow: DispatchFlow): Promise<DispatchOutcome> {
    const { task, history, sent, record, placement } = flow;
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
      (telemetry) => this.attempt(state, { task, history, record, sent, placement, telemetry }),
    );
  }

  /** Walks the attempt's steps from prepare to end (see DispatchStep). */
  private async attempt(first: AttemptStep, context: DispatchContext): Promise<DispatchOutcome> {
    let state: DispatchStep = first;
    while (state.step !== 'end') state = await this.advance(state as AttemptStep, context);
    return state.outcome;
  }

  private advance(state: AttemptStep, context: DispatchContext): Promise<DispatchStep> {
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
    // Disabled (parked), circuit open (next tier) or rate-limited (waits here). A test event is a
    // probe the user asked for: it goes out whatever the circuit says.
    const instead = task.trigger === 'test' ? undefined : await this.failures.beforeAttempt(task, subscription);
    if (!instead) return { step: 'send', subscription };
    telemetry.skipped(instead.action === 'park' ? instead.reason : 'circuit_open');
    const trail = appendHistory(history, summarizeSkip(task.attempt, instead, Date.now()));
    return { step: 'route', subscription, next: instead, trail };
  }

  /** The signed request, authenticated by egress as the endpoint asks, and the policy's verdict on its result. */
  private async send(
    { subscription }: Extract<DispatchStep, { step: 'send' }>,
    { task, telemetry, sent }: DispatchContext,
  ): Promise<DispatchStep> {
    const requestAt = Date.now();
    // Known to exist (prepare found it): its series may be its own (METRICS_MAX_SUBSCRIPTION_SERIES).
    subscriptionSeries.touch(task.subscription_id, requestAt);
    const { body } = task;
    const keys = this.secrets.signingKeys(subscription, new Date(requestAt));
    const headers = signedRequestHeaders({ msgId: task.event.id, body, keys, now: requestAt });
    // traceparent (per subscription, on by default) is written by the telemetry layer.
    const answered = this.pressure.sending(task.subscription_id, requestAt);
    const result = await telemetry
      .outbound(subscription.sendTraceparent, (traceHeaders) =>
        this.egress.post(subscription.url, {
          headers: { ...headers, ...traceHeaders },
          body,
          credentials: this.credentials.forEgress(subscription),
        }),
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
    if (result.cutByShutdown) throw new RequestCutByShutdown(task);
    const trail = appendHistory(history, summarizeAttempt(task.attempt, result, requestAt));
    return { step: 'route', subscription, next, result, trail };
  }

  /** Success, next tier, DLQ or park; then the circuit and the subscription's status follow. */
  private async route(
    { subscription, next, result, trail }: Extract<DispatchStep, { step: 'route' }>,
    { task, placement }: DispatchContext,
  ): Promise<DispatchStep> {
    // A test event is attempted once: never retried or parked, and it moves neither circuit nor status.
    if (task.trigger === 'test') return { step: 'end', outcome: next };
    const steps = async () => {
      // The ordered lane hears every outcome (a success moves its key on); the tiers only what goes on.
      if (placement) await retryTransient(() => placement.forward(task, next, result, trail));
      else if (next.action !== 'done') await retryTransient(() => this.forwarder.forward(task, next, result, trail));
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
