import { Injectable, Logger } from '@nestjs/common';
import { retryTransient } from '../../../platform/errors/retry-transient.js';
import type { StagedRecord } from '../../../platform/outbox/outbox.js';
import { counter } from '../../../platform/telemetry/metrics.js';
import type { DeliveryTaskV2 } from '../delivery-task.js';
import type { SubscriptionStatus } from '../../subscriptions/subscription.entity.js';
import { SubscriptionChangelog } from '../../subscriptions/subscription-changelog.js';
import { SubscriptionReader } from '../../subscriptions/subscription-reader.js';
import { SubscriptionsRepository } from '../../subscriptions/subscriptions.repository.js';
import { AlertPublisher } from './alert-publisher.js';
import { wasAttempted, type AttemptSummary } from '../attempt-history.js';
import { CircuitBreakers } from './circuit-breakers.js';
import { classifyResult, countsAgainstEndpoint, type ClassifiedResult } from '../retry/outcome-classification.js';
import { SubscriptionRateLimiter } from './rate-limiter.js';
import { RetryPolicy, type NextStep } from '../retry/retry-policy.js';
import { transitionAfter } from './status-transitions.js';

const notAttempted = counter('hookline_delivery_not_attempted_total', 'Tasks moved on without an attempt', ['reason']);
// Alerted on (deploy/observability): a subscription turning failing or disabled.
const statusChanges = counter(
  'hookline_subscription_status_changes_total',
  'Subscription status changes made by delivery',
  ['from', 'to'],
);

type Task = Pick<DeliveryTaskV2, 'tenant_id' | 'subscription_id' | 'attempt' | 'event'>;

/** What failure handling needs of the subscription held in memory. */
export interface SubscriptionState {
  id: string;
  status: SubscriptionStatus;
  rateLimitPerSecond?: number | null;
}

/**
 * The failure handling around one delivery attempt, for the delivery stage and the retry tiers
 * alike. Before: a disabled subscription's task is parked, an open circuit moves the task to its
 * next tier, and the subscription's rate limit is waited for. After: the circuit counts the
 * result, and the subscription's status follows (410 → disabled, exhausted → failing, success on a
 * failing one → active), each change published to the changelog and announced on the alerts topic.
 */
@Injectable()
export class FailureHandling {
  private readonly log = new Logger('FailureHandling');

  constructor(
    private readonly breakers: CircuitBreakers,
    private readonly limiter: SubscriptionRateLimiter,
    private readonly subscriptions: SubscriptionReader,
    private readonly writer: SubscriptionsRepository,
    private readonly changelog: SubscriptionChangelog,
    private readonly alerts: AlertPublisher,
    private readonly policy: RetryPolicy,
  ) {}

  /** A step to take instead of attempting the task, or undefined once it may be attempted. */
  async beforeAttempt(task: Task, subscription: SubscriptionState): Promise<NextStep | undefined> {
    if (subscription.status === 'disabled') {
      notAttempted.inc({ reason: 'disabled' });
      return { action: 'park', reason: 'disabled' };
    }
    if ((await this.breakers.permit(task.tenant_id, subscription.id)) === 'skip') {
      notAttempted.inc({ reason: 'circuit_open' });
      return this.policy.skip(task.attempt, Date.now());
    }
    await this.limiter.acquire(task.tenant_id, subscription.id, subscription.rateLimitPerSecond);
    return undefined;
  }

  /** After the step is on its way (forwarded or parked); `result` is undefined when nothing was sent. */
  async afterAttempt(
    task: Task,
    subscription: SubscriptionState,
    result: ClassifiedResult | undefined,
    step: NextStep,
    trail: readonly AttemptSummary[],
  ): Promise<void> {
    if (result) {
      const failure = classifyResult(result);
      if (failure === 'success' || countsAgainstEndpoint(failure))
        await this.breakers.record(task.tenant_id, subscription.id, failure === 'success');
    }
    // The held status decides whether the database is asked at all: the usual step changes nothing.
    if (!transitionAfter(subscription.status, step)) return;
    await this.moveStatus(task, step, trail);
  }

  private async moveStatus(task: Task, step: NextStep, trail: readonly AttemptSummary[]): Promise<void> {
    const row = await this.subscriptions.findStatus(task.tenant_id, task.subscription_id);
    const change = row && transitionAfter(row.status, step, describeLast(task, trail));
    if (!row || !change) return;
    // The alert goes out before the status moves: a crash in between repeats the alert rather than losing it.
    await retryTransient(() =>
      this.alerts.publish(row.tenantId, row.id, {
        type: change.alert,
        data: {
          subscription_id: row.id,
          url: row.url,
          status: change.to,
          previous_status: change.from,
          reason: change.reason,
          status_changed_at: new Date().toISOString(),
          event_id: task.event.id,
          attempts: [...trail],
        },
      }),
    );
    // The status and its changelog record commit together (outbox); the relay sends what publish cannot.
    let staged: StagedRecord[] = [];
    const moved = await retryTransient(() => {
      staged = [];
      return this.writer.transitionStatus(row.tenantId, row.id, change, async (tx, v) => {
        staged.push(await this.changelog.stage(tx, { id: row.id, tenantId: row.tenantId, version: v }));
      });
    });
    if (!moved) return;
    statusChanges.inc({ from: change.from, to: change.to });
    await this.changelog.publish(staged);
    this.log.warn(`subscription ${row.id}: ${change.from} → ${change.to} (${change.reason})`);
  }
}

function describeLast(task: Task, trail: readonly AttemptSummary[]): string {
  const last = [...trail].reverse().find(wasAttempted) ?? trail[trail.length - 1];
  const tried = trail.filter(wasAttempted).length;
  const lastText = last ? `, last ${last.outcome}${last.status === undefined ? '' : ` ${last.status}`}` : '';
  return `event ${task.event.id} after ${tried} attempt${tried === 1 ? '' : 's'}${lastText}`;
}
