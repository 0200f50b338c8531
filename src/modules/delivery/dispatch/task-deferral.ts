import { Injectable } from '@nestjs/common';
import { retryTransient } from '../../../platform/errors/retry-transient.js';
import { counter } from '../../../platform/telemetry/metrics.js';
import type { AttemptSummary } from '../attempt-history.js';
import type { DeliveryTaskV1 } from '../delivery-task.js';
import { RetryPolicy } from '../retry/retry-policy.js';
import { TaskForwarder } from './task-forwarder.js';

/**
 * How long a deferral stands as its subscription's state when nothing newer is heard of it: a
 * subscription whose requests time out gives no answer to end it, so it is asked again after this.
 */
const STALLED_FOR_MS = 10_000;

const deferred = counter(
  'hookline_deferred_tasks_total',
  'Tasks that stepped aside to a retry tier because their subscription stalled (not attempts)',
  ['subscription_id'],
);

/**
 * Deferrals: a task of a subscription that stalls steps aside to a retry tier with its attempt
 * count, event id and sequence, so that it holds no slot and no buffer meant for the others.
 *
 * The latest deferral of each subscription is remembered until one of its requests is answered:
 * while it stands, fan-out sends that subscription's new tasks straight to the tier, the same
 * deferral the delivery stage would make after reading them back (one produce and one consume
 * fewer per task of a hanging endpoint). What a process has not seen itself it does not defer.
 */
@Injectable()
export class TaskDeferral {
  private readonly deferredAt = new Map<string, number>();

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
    this.deferredAt.set(task.subscription_id, Date.now());
    deferred.inc({ subscription_id: task.subscription_id });
    return true;
  }

  /** One of the subscription's requests was answered: its endpoint is back, its tasks go the usual way. */
  answered(subscriptionId: string): void {
    this.deferredAt.delete(subscriptionId);
  }

  /** True while the subscription's latest news is a deferral of the last STALLED_FOR_MS. */
  stalled(subscriptionId: string, now = Date.now()): boolean {
    const at = this.deferredAt.get(subscriptionId);
    if (at === undefined) return false;
    if (now - at < STALLED_FOR_MS) return true;
    this.deferredAt.delete(subscriptionId);
    return false;
  }
}
