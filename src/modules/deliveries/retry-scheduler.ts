import { Injectable } from '@nestjs/common';
import { AppConfig } from '../../platform/config/app-config.js';
import type { EgressResult } from '../../platform/egress/egress-client.js';
import { topicNames } from '../../topology.js';
import type { DeliveryTaskV1 } from './delivery-task.js';

/** What happens after an attempt; the one place that decides it (Svix keeps its policy in one place too). */
export type NextStep =
  | { action: 'done' }
  /** Not retried: the endpoint is gone (410) or the target is refused by the egress policy. */
  | { action: 'stop'; reason: 'gone' | 'blocked' }
  | { action: 'retry'; topic: string; tier: string; dueAt: number }
  | { action: 'exhausted' };

export interface RetryTier {
  label: string;
  ms: number;
  topic: string;
}

/**
 * The retry policy shared by the delivery stage and the retry tiers: attempt n that fails goes to
 * tier n (1-based), whose due time is now + the tier's delay; after the last tier it is exhausted.
 * Jitter and Retry-After clamping belong here (failure-handling issue).
 */
@Injectable()
export class RetryScheduler {
  readonly tiers: RetryTier[];

  constructor(config: AppConfig) {
    const names = topicNames(config.env.KAFKA_TOPIC_PREFIX, config.retrySchedule);
    this.tiers = config.retrySchedule.map((tier, i) => ({ ...tier, topic: names.retries[i] }));
  }

  nextStep(
    task: Pick<DeliveryTaskV1, 'attempt'>,
    result: Pick<EgressResult, 'outcome' | 'status'>,
    now: number,
  ): NextStep {
    if (result.outcome === 'success') return { action: 'done' };
    if (result.outcome === 'blocked') return { action: 'stop', reason: 'blocked' };
    if (result.status === 410) return { action: 'stop', reason: 'gone' };
    const tier = this.tiers[task.attempt - 1];
    if (!tier) return { action: 'exhausted' };
    return { action: 'retry', topic: tier.topic, tier: tier.label, dueAt: now + tier.ms };
  }
}
