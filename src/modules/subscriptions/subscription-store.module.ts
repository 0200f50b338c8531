import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { MatchingLeases } from './matching-leases.js';
import { SubscriptionReader } from './subscription-reader.js';
import { SubscriptionEntity } from './subscription.entity.js';
import { SubscriptionsRepository } from './subscriptions.repository.js';

/**
 * The subscriptions table, without the REST resource: the one reader (matching, delivery, alerts,
 * delivery log, operations) and the one writer, for modules that must not start the API's parts.
 */
@Module({
  imports: [TypeOrmModule.forFeature([SubscriptionEntity])],
  providers: [SubscriptionReader, SubscriptionsRepository, MatchingLeases],
  exports: [SubscriptionReader, SubscriptionsRepository, MatchingLeases],
})
export class SubscriptionStoreModule {}
