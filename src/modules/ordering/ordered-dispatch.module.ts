import { Module } from '@nestjs/common';
import { DeliveryModule } from '../delivery/delivery.module.js';
import { MatchingModule } from '../matching/matching.module.js';
import { HeadOutcomes } from './dispatch/head-outcomes.js';
import { LaneDispatcher } from './dispatch/lane-dispatcher.js';
import { LaneRetention } from './dispatch/lane-retention.js';
import { LaneSettler } from './dispatch/lane-settler.js';
import { LaneLeasesRepository } from './lane/lane-leases.repository.js';
import { LaneSettlementRepository } from './lane/lane-settlement.repository.js';

/**
 * The ordered lane's work (role delivery): settling new entries in order, sending each key's head
 * through the dispatch flow in place, and forgetting idle keys. docs/design/ordered-delivery.md.
 */
@Module({
  imports: [DeliveryModule, MatchingModule],
  providers: [LaneSettler, LaneDispatcher, LaneRetention, HeadOutcomes, LaneLeasesRepository, LaneSettlementRepository],
})
export class OrderedDispatchModule {}
