import { Module } from '@nestjs/common';
import { PartitionMaintenanceModule } from '../../platform/database/partition-maintenance.module.js';
import { DeferralModule } from '../delivery/dispatch/deferral.module.js';
import { EventCatalogModule } from '../event-types/event-catalog.module.js';
import { MatchingModule } from '../matching/matching.module.js';
import { DataValidator } from './data-validator.js';
import { EventDecoder } from './event-decoder.js';
import { EventStore } from './event-store.js';
import { RegistryAvailability } from './registry-availability.js';
import { IngestService } from './ingest.service.js';
import { SequenceAllocator } from './sequence-allocator.js';

@Module({
  imports: [MatchingModule, PartitionMaintenanceModule, EventCatalogModule, DeferralModule],
  providers: [IngestService, EventDecoder, RegistryAvailability, DataValidator, EventStore, SequenceAllocator],
  exports: [IngestService],
})
export class EventsModule {}
