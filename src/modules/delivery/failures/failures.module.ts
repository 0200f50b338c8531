import { Module } from '@nestjs/common';
import { SubscriptionChangelog } from '../../subscriptions/subscription-changelog.js';
import { SubscriptionStoreModule } from '../../subscriptions/subscription-store.module.js';
import { AlertPublisher } from './alert-publisher.js';
import { CircuitBreakers } from './circuit-breakers.js';
import { CircuitStore } from './circuit-store.js';
import { RateSliceStore } from './rate-slice-store.js';
import { FailureHandling } from './failure-handling.service.js';
import { SubscriptionRateLimiter } from './rate-limiter.js';
import { RetryPolicyModule } from './retry-policy.module.js';

/**
 * Failure handling for the delivery stage and the retry tiers (and the state the API shows), with
 * the one RetryPolicy that both the failure checks and the dispatch flow decide with.
 */
@Module({
  imports: [SubscriptionStoreModule, RetryPolicyModule],
  providers: [
    FailureHandling,
    CircuitBreakers,
    CircuitStore,
    SubscriptionRateLimiter,
    RateSliceStore,
    SubscriptionChangelog,
    AlertPublisher,
  ],
  exports: [FailureHandling, CircuitBreakers, CircuitStore, RetryPolicyModule],
})
export class FailuresModule {}
