import { Injectable } from '@nestjs/common';
import { AppConfig } from '../../../platform/config/app-config.js';
import type { EgressResult } from '../../../platform/egress/egress-client.js';
import { retryPolicyFrom } from '../failures/failure-options.js';
import type { NextStep, RetryPolicy, RetryTier } from './retry-policy.js';
import type { DeliveryTaskV1 } from '../delivery-task.js';

export type { NextStep, RetryTier } from './retry-policy.js';

/**
 * The retry policy as the delivery stage and the retry tiers use it: attempt n that fails goes to
 * tier n (1-based), due after the tier's delay plus jitter, or after the endpoint's Retry-After
 * (429/503, clamped); after the last tier it is exhausted. The rules live in failures/RetryPolicy.
 */
@Injectable()
export class RetryScheduler {
  private readonly policy: RetryPolicy;

  constructor(config: AppConfig) {
    this.policy = retryPolicyFrom(config);
  }

  get tiers(): readonly RetryTier[] {
    return this.policy.tiers;
  }

  /** `deferrals`: how often the task stepped aside before. */
  deferral(deferrals: number, now: number) {
    return this.policy.deferral(deferrals, now);
  }

  nextStep(
    task: Pick<DeliveryTaskV1, 'attempt'>,
    result: Pick<EgressResult, 'outcome' | 'status'> & Partial<Pick<EgressResult, 'headers'>>,
    now: number,
  ): NextStep {
    return this.policy.next(task.attempt, result, now);
  }
}
