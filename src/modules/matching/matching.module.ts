import { Module } from '@nestjs/common';
import { ChangelogFreshness } from './changelog-freshness.js';
import { MatchingService } from './matching.service.js';
import { SubscriptionSource } from './subscription-source.js';

@Module({
  providers: [MatchingService, SubscriptionSource, ChangelogFreshness],
  exports: [MatchingService, ChangelogFreshness],
})
export class MatchingModule {}
