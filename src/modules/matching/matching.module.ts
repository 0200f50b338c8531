import { Module } from '@nestjs/common';
import { SubscriptionStoreModule } from '../subscriptions/subscription-store.module.js';
import { ChangelogFreshness } from './changelog-freshness.js';
import { MatchingService } from './matching.service.js';

@Module({
  imports: [SubscriptionStoreModule],
  providers: [MatchingService, ChangelogFreshness],
  exports: [MatchingService, ChangelogFreshness],
})
export class MatchingModule {}
