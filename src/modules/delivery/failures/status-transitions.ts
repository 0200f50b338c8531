import type { SubscriptionStatus } from '../../subscriptions/subscription.entity.js';
import type { NextStep } from '../retry/retry-policy.js';

export type AlertType = 'subscription.failing' | 'subscription.recovered' | 'subscription.disabled';

export interface StatusTransition {
  from: SubscriptionStatus;
  to: SubscriptionStatus;
  reason: string;
  alert: AlertType;
}

/**
 * How an attempt's step moves its subscription (the spec's States table, extended):
 * - 410 Gone: any status → disabled, at once;
 * - retries exhausted: active → failing (a failing one stays failing, a disabled one disabled);
 * - a success: failing → active.
 * Everything else leaves the status alone.
 */
export function transitionAfter(status: SubscriptionStatus, step: NextStep, detail = ''): StatusTransition | null {
  const because = (text: string) => (detail ? `${text}: ${detail}` : text);
  if (step.action === 'stop' && step.reason === 'gone' && status !== 'disabled')
    return {
      from: status,
      to: 'disabled',
      reason: because('endpoint answered 410 Gone'),
      alert: 'subscription.disabled',
    };
  if (step.action === 'exhausted' && status === 'active')
    return { from: status, to: 'failing', reason: because('retries exhausted'), alert: 'subscription.failing' };
  if (step.action === 'done' && status === 'failing')
    return { from: status, to: 'active', reason: 'a delivery succeeded', alert: 'subscription.recovered' };
  return null;
}
