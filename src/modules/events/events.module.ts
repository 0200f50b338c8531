import { Module } from '@nestjs/common';
import { PartitionMaintenanceModule } from '../../platform/database/partition-maintenance.module.js';
import { DeferralModule } from '../delivery/dispatch/deferral.module.js';
import { MatchingModule } from '../matching/matching.module.js';
import { OrderingIntakeModule } from '../ordering/ordering-intake.module.js';
import { EventAcceptanceModule } from './event-acceptance.module.js';
import { EventStore } from './event-store.js';
import { FanOut } from './fan-out.js';
import { IngestService } from './ingest.service.js';
import { SequenceAllocator } from './sequence-allocator.js';

@Module({
  imports: [MatchingModule, PartitionMaintenanceModule, EventAcceptanceModule, DeferralModule, OrderingIntakeModule],
  providers: [IngestService, EventStore, SequenceAllocator, FanOut],
  exports: [IngestService],
})
export class EventsModule {}
