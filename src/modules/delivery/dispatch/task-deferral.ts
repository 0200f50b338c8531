import { Injectable } from '@nestjs/common';
import { retryTransient } from '../../../platform/errors/retry-transient.js';
import { counter } from '../../../platform/telemetry/metrics.js';
import { subscriptionSeries } from '../../../platform/telemetry/subscription-series.js';
import type { AttemptSummary } from '../attempt-history.js';
import type { DeliveryTaskV1 } from '../delivery-task.js';
import { RetryPolicy } from '../retry/retry-policy.js';
import { TaskForwarder } from './task-forwarder.js';

/**
 * How long a deferral stands as its subscription's state when nothing newer is heard of it: a
 * subscription whose requests time out gives no answer to end it, so it is asked again after this.
 */
const STALLED_FOR_MS = 10_000;
/**
 * How long a subscription must have been deferring, without an answer in between, before fan-out
 * defers its tasks: one deferral may be a glitch of a healthy endpoint (its next answer clears it),
 * and a task deferred by mistake waits a minute.
 */
const CONFIRMED_AFTER_MS = 2_000;

const deferred = subscriptionSeries.track(
  counter(
    'hookline_deferred_tasks_total',
    'Tasks that stepped aside to a retry tier because their subscription stalled (not attempts)',
    ['subscription_id'],
  ),
);

/**
 * Deferrals: a task of a subscription that stalls steps aside to a retry tier with its attempt
 * count, event id and sequence, so that it holds no slot and no buffer meant for the others.
 *
 * Each subscription's deferrals are remembered until one of its requests is answered: once it has
 * been deferring for a while, fan-out sends its new tasks straight to the tier, the same deferral
 * the delivery stage would make after reading them back (one produce and one consume fewer per
 * task of a hanging endpoint). What a process has not seen itself it does not defer.
 */
@Injectable()
export class TaskDeferral {
  /** Per subscription deferring now: its first deferral since its last answer, and its latest. */
  private readonly deferring = new Map<string, { since: number; latest: number }>();

  constructor(
    private readonly policy: RetryPolicy,
    private readonly forwarder: TaskForwarder,
  ) {}

  /**
   * Hands the task to its deferral tier (the first, then the next up to the third on later
   * deferrals); false when there is no tier to step aside to (the caller then processes it).
   */
  async defer(task: DeliveryTaskV1, history: readonly AttemptSummary[] = []): Promise<boolean> {
    const to = this.policy.deferral(task.deferrals ?? 0, Date.now());
    if (!to) return false;
    await retryTransient(() => this.forwarder.defer(task, to, history));
    const now = Date.now();
    const since = this.deferring.get(task.subscription_id)?.since ?? now;
    this.deferring.set(task.subscription_id, { since, latest: now });
    deferred.inc({ subscription_id: subscriptionSeries.touch(task.subscription_id, now) });
    return true;
  }

  /** One of the subscription's requests was answered: its endpoint is back, its tasks go the usual way. */
  answered(subscriptionId: string): void {
    this.deferring.delete(subscriptionId);
  }

  /**
   * True while the subscription has been deferring for CONFIRMED_AFTER_MS with no answer since,
   * its latest deferral within STALLED_FOR_MS.
   */
  stalled(subscriptionId: string, now = Date.now()): boolean {
    const deferring = this.deferring.get(subscriptionId);
    if (!deferring) return false;
    if (now - deferring.latest >= STALLED_FOR_MS) {
      this.deferring.delete(subscriptionId);
      return false;
    }
    return now - deferring.since >= CONFIRMED_AFTER_MS;
  }
}
