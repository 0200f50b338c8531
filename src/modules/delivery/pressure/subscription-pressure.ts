import { Injectable } from '@nestjs/common';
import { AppConfig } from '../../../platform/config/app-config.js';
import type { KeyPressure, KeyVerdict } from '../../../platform/kafka/key-pressure.js';
import type { Gauge } from 'prom-client';
import { gauge } from '../../../platform/telemetry/metrics.js';
import { OTHER_SUBSCRIPTIONS, subscriptionSeries } from '../../../platform/telemetry/subscription-series.js';
import { PRESSURE } from './pressure-thresholds.js';
import { RequestSlots, type SentRequest } from './request-slots.js';

/**
 * Where a subscription stands, judged from its requests in this process:
 * - healthy: none of its requests waits for its endpoint past the slow threshold;
 * - slow: one does, and its requests still finish now and then (its limit halves meanwhile);
 * - stalled: one does, and none finished for its stall threshold; `plainly` once enough requests
 *   of others finished meanwhile, so that its endpoint, not the process, holds it;
 * - deferring: its tasks have been stepping aside for a while with no answer in time since.
 */
export type PressureState =
  | { state: 'healthy' }
  | { state: 'slow' }
  | { state: 'stalled'; plainly: boolean; forMs: number }
  | { state: 'deferring'; forMs: number };

/**
 * The answer to "may this subscription take this task now, or must it step aside?". Fan-out steps
 * a task aside to its deferral tier while the subscription is deferring; a task that may wait for
 * a slot goes on (see acquire). `slow`: it may take the task, but one of its requests waits past
 * its slow threshold, so fan-out leaves the task to the deliveries topic rather than hold the
 * ingest record on it (the direct lane takes healthy subscriptions only).
 */
export type Admission =
  { verdict: 'take'; slow: boolean } | { verdict: 'step-aside'; because: 'stalled' | 'deferring' };

const TAKE_HEALTHY: Admission = Object.freeze({ verdict: 'take', slow: false });
const TAKE_SLOW: Admission = Object.freeze({ verdict: 'take', slow: true });

/** The direct lane's turn (directTurn): a slot taken now, none, or a wait for one that says whether it got it. */
type DirectTurn = 'taken' | 'declined' | Promise<boolean>;

/** A task's turn for one of its subscription's request slots: held, or step aside (its endpoint stalls). */
export type SlotVerdict = 'take' | 'step-aside';

/**
 * The one owner of subscription pressure in a process. Dispatch reports each request (sending,
 * release) and each task that stepped aside; from these alone it judges every subscription's state
 * (PressureState) with the thresholds of pressure-thresholds.ts. It answers the consumer base (as
 * its KeyPressure: admit, give way), dispatch (acquire a slot or step aside) and fan-out
 * (admission). Nothing else judges a stall.
 */
@Injectable()
export class SubscriptionPressure implements KeyPressure {
  readonly roomWaitMs = PRESSURE.roomWaitMs;
  readonly blockedAfterMs = PRESSURE.blockedAfterMs;
  private readonly slots: RequestSlots;
  /** Per subscription stepping aside now: its first deferral since its last answer, and its latest. */
  private readonly deferrals = new Map<string, { since: number; latest: number }>();

  constructor(config: AppConfig) {
    this.slots = new RequestSlots(config.delivery.concurrencyPerSubscription);
    setInterval(() => this.slots.sweep(Date.now()), PRESSURE.sweepMs).unref();
    gauge(
      'hookline_subscription_concurrency_limit',
      'Adaptive limit of requests in flight, per busy subscription; subscription_id="_other": the lowest of the rest',
      ['subscription_id'],
      (g) => this.report(g),
    );
  }

  /** Each admitted subscription's limit (METRICS_MAX_SUBSCRIPTION_SERIES); the lowest of the others as _other. */
  private report(g: Gauge<'subscription_id'>): void {
    g.reset();
    let others = Infinity;
    for (const [id, limit] of this.slots.limits()) {
      const label = subscriptionSeries.label(id);
      if (label === OTHER_SUBSCRIPTIONS) others = Math.min(others, limit);
      else g.set({ subscription_id: label }, limit);
    }
    if (others !== Infinity) g.set({ subscription_id: OTHER_SUBSCRIPTIONS }, others);
  }

  /** A deleted subscription: its slots' memory and its deferrals go. */
  forget(id: string): void {
    this.slots.forget(id);
    this.deferrals.delete(id);
  }

  /** The subscription's state now. */
  state(id: string, now = Date.now()): PressureState {
    const deferring = this.deferringFor(id, now);
    return deferring === undefined ? this.endpointState(id, now) : { state: 'deferring', forMs: deferring };
  }

  /** May the subscription take a task now, or must the task step aside? One call, no waiting. */
  admission(id: string, now = Date.now()): Admission {
    const state = this.state(id, now);
    if (state.state === 'deferring' || state.state === 'stalled')
      return { verdict: 'step-aside', because: state.state };
    return state.state === 'slow' ? TAKE_SLOW : TAKE_HEALTHY;
  }

  /** Healthy as admission() judges it: it may take the task, and none of its requests waits past its slow threshold. */
  healthy(id: string, now = Date.now()): boolean {
    const admission = this.admission(id, now);
    return admission.verdict === 'take' && !admission.slow;
  }

  /**
   * Fan-out's question for the direct lane: may ingest deliver the subscription's task itself, in
   * the ingest record's time? Only while the subscription is healthy (no request waits past its
   * slow threshold, not deferring):
   * - a slot is free: it is taken (`taken`; freed by release);
   * - all are busy, and fewer of the lane's tasks wait than its limit: the task waits for one,
   *   before tasks read from topics, for at most the subscription's slow threshold (a promise: true
   *   with the slot taken; false when none was freed in time, since a request then waits past the
   *   threshold and the subscription is slow);
   * - otherwise `declined`: the task goes through the deliveries topic, where it may wait or step
   *   aside without holding the ingest record.
   */
  directTurn(id: string, now = Date.now()): DirectTurn {
    if (!this.healthy(id, now)) return 'declined';
    if (this.slots.tryTake(id, now)) return 'taken';
    if (this.slots.waitingFirst(id) >= this.slots.limitOf(id)) return 'declined';
    return this.slots.waitForSlot(id, this.slots.slowAfterMs(id), PRESSURE.slotRecheckMs, () => true, true);
  }

  /**
   * A request slot for a task: at once when one is free; otherwise the task waits for one, and
   * steps aside once its subscription has been plainly stalled for PRESSURE.slotWaitMs (at once
   * when it already is). `patient`: the task has nowhere to step aside to, so it waits.
   */
  async acquire(id: string, patient = false): Promise<SlotVerdict> {
    if (this.slots.tryTake(id)) return 'take';
    const givesUp = () => !patient && this.stuck(id, Date.now());
    if (givesUp()) return 'step-aside';
    const taken = await this.slots.waitForSlot(id, PRESSURE.slotWaitMs, PRESSURE.slotRecheckMs, givesUp);
    return taken ? 'take' : 'step-aside';
  }

  /** A request of the subscription goes to its endpoint; the function returned marks its answer (or failure) as come. */
  sending(id: string, now = Date.now()): () => void {
    return this.slots.sending(id, now);
  }

  /**
   * Frees the slot acquire() gave. An answer in time (its first byte within the slow threshold)
   * ends the subscription's deferring; a late one does not: it shows the endpoint alive, not able to
   * take its tasks again, and ending the deferral on it sent every new task of an endpoint answering
   * in 25 s through the deliveries topic until its stall was judged anew.
   */
  release(id: string, sent: SentRequest = {}, heldMs?: number): void {
    if (this.slots.release(id, sent, heldMs)) this.deferrals.delete(id);
  }

  /** One of the subscription's tasks stepped aside. */
  deferred(id: string, now = Date.now()): void {
    this.deferrals.set(id, { since: this.deferrals.get(id)?.since ?? now, latest: now });
  }

  /** The consumer base's question: does a record of the key wait in the buffer, or step aside at once? */
  admit(key: string, waiting: number, now: number): KeyVerdict {
    const state = this.endpointState(key, now);
    const plainlyStalled = state.state === 'stalled' && state.plainly;
    return plainlyStalled && waiting >= PRESSURE.stalledWaiting ? 'step-aside' : 'admit';
  }

  /** The consumer base's question: does one of the key's waiting tasks give its place to another key's record? */
  givesWay(key: string, plainly: boolean, now: number): boolean {
    const state = this.endpointState(key, now);
    return state.state === 'stalled' && (state.plainly || !plainly);
  }

  limitOf(id: string): number {
    return this.slots.limitOf(id);
  }

  /** The limits that moved since the last call (ConcurrencyReporter). */
  takeChanged(): Map<string, number> {
    return this.slots.takeChanged();
  }

  /** The judgement from the subscription's requests alone. */
  private endpointState(id: string, now: number): Exclude<PressureState, { state: 'deferring' }> {
    if (!this.slots.endpointHolds(id, now)) return { state: 'healthy' };
    const since = this.slots.sinceProgress(id, now);
    if (!since || since.ms < this.slots.stallAfterMs(id)) return { state: 'slow' };
    return { state: 'stalled', plainly: since.othersFinished >= PRESSURE.othersFinishedForPlainStall, forMs: since.ms };
  }

  /** Plainly stalled for slotWaitMs: a task waiting for its slot would wait on its endpoint. */
  private stuck(id: string, now: number): boolean {
    const state = this.endpointState(id, now);
    return state.state === 'stalled' && state.plainly && state.forMs >= PRESSURE.slotWaitMs;
  }

  /** How long the subscription has been deferring, once that is confirmed; undefined otherwise. */
  private deferringFor(id: string, now: number): number | undefined {
    const deferring = this.deferrals.get(id);
    if (!deferring) return undefined;
    if (now - deferring.latest >= PRESSURE.deferringLapsesAfterMs) {
      this.deferrals.delete(id);
      return undefined;
    }
    const forMs = now - deferring.since;
    return forMs >= PRESSURE.deferringConfirmedAfterMs ? forMs : undefined;
  }
}
