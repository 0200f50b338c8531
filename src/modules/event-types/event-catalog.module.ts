import { Module } from '@nestjs/common';
import { EventCatalog } from './event-catalog.js';
import { EventTypeChangelog } from './event-type-changelog.js';
import { EventTypesRepository } from './event-types.repository.js';
import { RegistrySource } from './registry-source.js';

/** The catalog itself, for the API and the pipeline: storage, this instance's copy, changelog, registry source. */
@Module({
  providers: [EventTypesRepository, EventCatalog, EventTypeChangelog, RegistrySource],
  exports: [EventTypesRepository, EventCatalog, EventTypeChangelog],
})
export class EventCatalogModule {}
