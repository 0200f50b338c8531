import { Module } from '@nestjs/common';
import { EventCatalogModule } from '../event-types/event-catalog.module.js';
import { DataValidator } from './data-validator.js';
import { EventAcceptance } from './event-acceptance.js';
import { EventDecoder } from './event-decoder.js';
import { RegistryAvailability } from './registry-availability.js';

/** The rules an event must pass, without the rest of ingest: for ingest itself and for the publish API. */
@Module({
  imports: [EventCatalogModule],
  providers: [EventAcceptance, EventDecoder, RegistryAvailability, DataValidator],
  exports: [EventAcceptance],
})
export class EventAcceptanceModule {}
