import { Module } from '@nestjs/common';
import { MatchingModule } from '../../modules/matching/matching.module.js';
import { SubscriptionChangelogController } from './subscription-changelog.controller.js';

@Module({ imports: [MatchingModule], controllers: [SubscriptionChangelogController] })
export class SubscriptionChangelogConsumerModule {}
