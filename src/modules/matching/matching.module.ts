import { Module } from '@nestjs/common';
import { SubscriptionStoreModule } from '../subscriptions/subscription-store.module.js';
import { ChangelogFreshness } from './changelog-freshness.js';
import { MatchingLease } from './matching-lease.js';
import { MatchingService } from './matching.service.js';

@Module({
  imports: [SubscriptionStoreModule],
  providers: [MatchingService, ChangelogFreshness, MatchingLease],
  exports: [MatchingService, ChangelogFreshness, MatchingLease],
})
export class MatchingModule {}
