import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { EventCatalog } from './event-catalog.js';
import { EventTypesController } from './event-types.controller.js';

@Module({
  imports: [AuthModule],
  controllers: [EventTypesController],
  providers: [{ provide: EventCatalog, useFactory: () => new EventCatalog() }],
  exports: [EventCatalog],
})
export class EventTypesModule {}
