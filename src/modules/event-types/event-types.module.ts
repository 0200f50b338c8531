import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { IdempotencyModule } from '../idempotency/idempotency.module.js';
import { EventCatalogModule } from './event-catalog.module.js';
import { EventTypesController } from './event-types.controller.js';
import { EventTypesService } from './event-types.service.js';

/** The catalog API under /v1/event-types; re-exports the catalog for the subscriptions module. */
@Module({
  imports: [AuthModule, IdempotencyModule, EventCatalogModule],
  controllers: [EventTypesController],
  providers: [EventTypesService],
  exports: [EventCatalogModule],
})
export class EventTypesModule {}
