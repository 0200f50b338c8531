import { Module } from '@nestjs/common';
import { EventsModule } from '../../modules/events/events.module.js';
import { MatchingModule } from '../../modules/matching/matching.module.js';
import { IngestController } from './ingest.controller.js';

@Module({ imports: [EventsModule, MatchingModule], controllers: [IngestController] })
export class IngestConsumerModule {}
