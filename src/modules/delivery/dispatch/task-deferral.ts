import { Injectable } from '@nestjs/common';
import { retryTransient } from '../../../platform/errors/retry-transient.js';
import { counter } from '../../../platform/telemetry/metrics.js';
import { subscriptionSeries } from '../../../platform/telemetry/subscription-series.js';
import type { AttemptSummary } from '../attempt-history.js';
import type { DeliveryTaskV2 } from '../delivery-task.js';
import { SubscriptionPressure } from '../pressure/subscription-pressure.js';
import { RetryPolicy } from '../retry/retry-policy.js';
import { TaskForwarder } from './task-forwarder.js';

const deferred = subscriptionSeries.track(
  counter(
    'hookline_deferred_tasks_total',
    'Tasks that stepped aside to a retry tier because their subscription stalled (not attempts)',
    ['subscription_id'],
  ),
);

/**
 * Deferrals: a task that steps aside goes to a retry tier with its attempt count, event id and
 * sequence, so that it holds no slot and no buffer meant for the others. Each deferral is told to
 * the pressure owner, whose state for the subscription becomes `deferring` once it has stepped
 * aside for a while with no answer: fan-out then defers its new tasks at once.
 */
@Injectable()
export class TaskDeferral {
  constructor(
    private readonly policy: RetryPolicy,
    private readonly forwarder: TaskForwarder,
    private readonly pressure: SubscriptionPressure,
  ) {}

  /**
   * Hands the task to its deferral tier (the first, then the next up to the third on later
   * deferrals); false when there is no tier to step aside to (the caller then processes it).
   */
  async defer(task: DeliveryTaskV2, history: readonly AttemptSummary[] = []): Promise<boolean> {
    const to = this.policy.deferral(task.deferrals ?? 0, Date.now());
    if (!to) return false;
    await retryTransient(() => this.forwarder.defer(task, to, history));
    this.pressure.deferred(task.subscription_id);
    deferred.inc({ subscription_id: subscriptionSeries.touch(task.subscription_id, Date.now()) });
    return true;
  }
}
