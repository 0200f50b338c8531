import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { EventCatalogModule } from '../event-types/event-catalog.module.js';
import { EventAcceptanceModule } from '../events/event-acceptance.module.js';
import { SubscriptionStoreModule } from '../subscriptions/subscription-store.module.js';
import { IdempotencyModule } from '../idempotency/idempotency.module.js';
import { EventsController } from './events.controller.js';
import { PublishService } from './publish.service.js';
import { TestEventsController } from './test-events.controller.js';
import { TestEvents } from './test-events.service.js';

/** Events published over HTTP (POST /v1/events) onto the ingest topic, and test events to one subscription. */
@Module({
  imports: [AuthModule, IdempotencyModule, EventAcceptanceModule, EventCatalogModule, SubscriptionStoreModule],
  controllers: [EventsController, TestEventsController],
  providers: [PublishService, TestEvents],
})
export class PublishingModule {}
