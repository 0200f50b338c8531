import { Module } from '@nestjs/common';
import { MatchingService } from './matching.service.js';
import { SubscriptionSource } from './subscription-source.js';

@Module({ providers: [MatchingService, SubscriptionSource], exports: [MatchingService] })
export class MatchingModule {}
