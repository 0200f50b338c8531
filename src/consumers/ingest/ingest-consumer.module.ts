import { Module } from '@nestjs/common';
import { EventsModule } from '../../modules/events/events.module.js';
import { IngestController } from './ingest.controller.js';

@Module({ imports: [EventsModule], controllers: [IngestController] })
export class IngestConsumerModule {}
