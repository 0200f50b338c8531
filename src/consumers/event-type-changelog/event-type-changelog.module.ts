import { Module } from '@nestjs/common';
import { EventCatalogModule } from '../../modules/event-types/event-catalog.module.js';
import { EventTypeChangelogController } from './event-type-changelog.controller.js';

@Module({ imports: [EventCatalogModule], controllers: [EventTypeChangelogController] })
export class EventTypeChangelogConsumerModule {}
