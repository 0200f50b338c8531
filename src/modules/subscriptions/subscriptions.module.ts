import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule } from '../auth/auth.module.js';
import { EventTypesModule } from '../event-types/event-types.module.js';
import { IdempotencyModule } from '../idempotency/idempotency.module.js';
import { SubscriptionBatchService } from './subscription-batch.service.js';
import { SubscriptionChangelog } from './subscription-changelog.js';
import { SubscriptionChangesService } from './subscription-changes.service.js';
import { SubscriptionInput } from './subscription-input.js';
import { SubscriptionEntity } from './subscription.entity.js';
import { SubscriptionStoreModule } from './subscription-store.module.js';
import { SubscriptionsService } from './subscriptions.service.js';
import { UrlChecks } from './url-checks.js';
import { VerificationBudget } from './verification-budget.js';
import { RateLimitsModule } from '../rate-limits/rate-limits.module.js';
import { WebhookActionsController } from './webhook-actions.controller.js';
import { FilterTestsController } from './filter-tests.controller.js';
import { FilterTests } from './filter-tests.service.js';
import { WebhooksController } from './webhooks.controller.js';
import { SigningKeyController } from './signing-key.controller.js';

/**
 * Webhook subscriptions: the REST resource, its Postgres storage and the changelog that keeps every
 * instance's matcher current. Every other module reads and writes the table through SubscriptionStoreModule.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([SubscriptionEntity]),
    SubscriptionStoreModule,
    AuthModule,
    EventTypesModule,
    IdempotencyModule,
    RateLimitsModule,
  ],
  controllers: [FilterTestsController, WebhooksController, WebhookActionsController, SigningKeyController],
  providers: [
    SubscriptionsService,
    SubscriptionChangesService,
    SubscriptionBatchService,
    SubscriptionInput,
    SubscriptionChangelog,
    UrlChecks,
    FilterTests,
    VerificationBudget,
  ],
  exports: [SubscriptionsService, SubscriptionChangesService, SubscriptionStoreModule, SubscriptionChangelog],
})
export class SubscriptionsModule {}
