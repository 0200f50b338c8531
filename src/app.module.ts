import { Module, type DynamicModule, type Type } from '@nestjs/common';
import { AppConfig } from './platform/config/app-config.js';
import { TopologyModule } from './topology.module.js';
import type { Role } from './platform/config/environment.js';
import { ConfigModule } from './platform/config/config.module.js';
import { LifecycleModule } from './platform/lifecycle/lifecycle.module.js';
import { DatabaseModule } from './platform/database/database.module.js';
import { CryptoModule } from './platform/crypto/crypto.module.js';
import { KafkaModule } from './platform/kafka/kafka.module.js';
import { OutboxModule } from './platform/outbox/outbox.module.js';
import { EgressModule } from './platform/egress/egress.module.js';
import { HealthModule } from './modules/health/health.module.js';
import { DeadLettersModule } from './modules/dead-letters/dead-letters.module.js';
import { DeadLettersApiModule } from './modules/dead-letters/dead-letters-api.module.js';
import { PressureModule } from './modules/delivery/pressure/pressure.module.js';
import { HttpPlatformModule } from './platform/http/http-platform.module.js';
import { TelemetryModule } from './platform/telemetry/telemetry.module.js';
import { RateLimitsModule } from './modules/rate-limits/rate-limits.module.js';
import { EventTypesModule } from './modules/event-types/event-types.module.js';
import { SubscriptionsModule } from './modules/subscriptions/subscriptions.module.js';
import { ApiKeysModule } from './modules/api-keys/api-keys.module.js';
import { SecretsAtRestApiModule, SecretsAtRestWorkModule } from './modules/secrets-at-rest/secrets-at-rest.module.js';
import { DeliveryLogModule } from './modules/delivery-log/delivery-log.module.js';
import { DeadLetterConsumerModule } from './consumers/dead-letters/dead-letter-consumer.module.js';
import { DeliveryConsumerModule } from './consumers/delivery/delivery-consumer.module.js';
import { IngestConsumerModule } from './consumers/ingest/ingest-consumer.module.js';
import { SubscriptionChangelogConsumerModule } from './consumers/subscription-changelog/subscription-changelog.module.js';
import { EventTypeChangelogConsumerModule } from './consumers/event-type-changelog/event-type-changelog.module.js';
import { AlertConsumerModule } from './consumers/alerts/alert-consumer.module.js';
import { RetryConsumerModule } from './consumers/retry/retry-consumer.module.js';
import { OperationsApiModule } from './modules/operations/operations-api.module.js';
import { OperationsRunnerModule } from './modules/operations/operations-runner.module.js';
import { ReportsApiModule } from './modules/reports/reports-api.module.js';
import { ReportsWorkModule } from './modules/reports/reports-work.module.js';
import { PublishingModule } from './modules/publishing/publishing.module.js';
import { OrderedDispatchModule } from './modules/ordering/ordered-dispatch.module.js';
import { OrderingApiModule } from './modules/ordering/ordering-api.module.js';

/** Feature modules each role brings; a module listed under several roles is imported once. */
const MODULES_BY_ROLE: Record<Role, Type[]> = {
  api: [
    RateLimitsModule,
    EventTypesModule,
    SubscriptionsModule,
    ApiKeysModule,
    DeliveryLogModule,
    OperationsApiModule,
    DeadLettersApiModule,
    ReportsApiModule,
    SecretsAtRestApiModule,
    PublishingModule,
    OrderingApiModule,
    EventTypeChangelogConsumerModule,
  ],
  ingest: [IngestConsumerModule, SubscriptionChangelogConsumerModule, EventTypeChangelogConsumerModule],
  delivery: [DeliveryConsumerModule, SubscriptionChangelogConsumerModule, AlertConsumerModule, OrderedDispatchModule],
  retry: [RetryConsumerModule, SubscriptionChangelogConsumerModule],
  // The runner, and beside it every module that registers an operation kind's handler with it.
  operations: [DeadLetterConsumerModule, OperationsRunnerModule, ReportsWorkModule, SecretsAtRestWorkModule],
};

/**
 * What every role's services stand on: configuration, the topology (and its TopicNames), Postgres,
 * the key ring of secrets at rest (and its boot check), Kafka, the changelog outbox, egress, the
 * dead-letter index (every role may park a record too large for the DLQ topic: its bytes go to
 * dead_letters), and the pressure owner (every consumer asks it about its buffer). The medium tests
 * build on the same list.
 */
export function foundationModules(config: AppConfig): (Type | DynamicModule)[] {
  return [
    ConfigModule.forRoot(config),
    LifecycleModule,
    TopologyModule.forRoot(config),
    DatabaseModule.forRoot(config),
    CryptoModule.forRoot(config),
    KafkaModule,
    OutboxModule,
    EgressModule,
    DeadLettersModule,
    PressureModule,
  ];
}

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    const features = new Set<Type>();
    for (const role of config.roles) MODULES_BY_ROLE[role].forEach((m) => features.add(m));
    return {
      module: AppModule,
      imports: [
        ...foundationModules(config),
        // Every role's HTTP surface: conventions and logs, /health; /metrics on its own listener.
        HttpPlatformModule,
        TelemetryModule,
        HealthModule,
        ...features,
      ],
    };
  }
}
