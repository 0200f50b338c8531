import { Module } from '@nestjs/common';
import { EventHistory } from './event-history.js';

/** The events table's read side, for the modules that look back at stored events (not ingest itself). */
@Module({ providers: [EventHistory], exports: [EventHistory] })
export class EventHistoryModule {}
