import { Module } from '@nestjs/common';
import { SubscriptionChangelog } from '../../subscriptions/subscription-changelog.js';
import { AlertPublisher } from '../alerts/alert-publisher.js';
import { CircuitBreakers } from './circuit-breakers.js';
import { CircuitStore } from './circuit-store.js';
import { RateSliceStore } from './rate-slice-store.js';
import { FailureHandling } from './failure-handling.service.js';
import { SubscriptionRateLimiter } from './rate-limiter.js';
import { SubscriptionStatusRepository } from './subscription-status.repository.js';

/** Failure handling for the delivery stage and the retry tiers (and the state the API shows). */
@Module({
  providers: [
    FailureHandling,
    CircuitBreakers,
    CircuitStore,
    SubscriptionRateLimiter,
    RateSliceStore,
    SubscriptionStatusRepository,
    SubscriptionChangelog,
    AlertPublisher,
  ],
  exports: [FailureHandling, CircuitBreakers, SubscriptionStatusRepository],
})
export class FailuresModule {}
