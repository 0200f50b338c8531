import { Foundation1732240000000 } from './1732240000000-foundation.js';
import { EventPipeline1732300000000 } from './1732300000000-event-pipeline.js';
import { ApiConventions1732400000000 } from './1732400000000-api-conventions.js';
import { Operations1732650000000 } from './1732650000000-operations.js';
import { EventCatalog1732900000000 } from './1732900000000-event-catalog.js';
import { DefaultPartitions1733000000000 } from './1733000000000-default-partitions.js';
import { FleetState1733100000000 } from './1733100000000-fleet-state.js';
import { ConcurrencyReport1733200000000 } from './1733200000000-concurrency-report.js';
import { MatchingLeases1733300000000 } from './1733300000000-matching-leases.js';
import { ExactEventPayloads1734000000000 } from './1734000000000-exact-event-payloads.js';
import { DeadLetterEvents1734000001000 } from './1734000001000-dead-letter-events.js';
import { secretsAtRestMigration } from './1734200000000-secrets-at-rest.js';
import { ApiKeyLifecycle1734200100000 } from './1734200100000-api-key-lifecycle.js';
import { SubscriptionFilters1734400000000 } from './1734400000000-subscription-filters.js';
import { EndpointAuthentication1734500000000 } from './1734500000000-endpoint-authentication.js';
import { OrderedDelivery1734700000000 } from './1734700000000-ordered-delivery.js';
import type { SecretBox } from '../../crypto/secret-box.js';

/**
 * Every migration in order; listed explicitly because the service runs as ES modules (no globbing).
 * `box` gives the key ring for the migrations that encrypt rows; asked for only when one must.
 */
export const migrationsFor = (box: () => SecretBox) => [
  Foundation1732240000000,
  EventPipeline1732300000000,
  ApiConventions1732400000000,
  Operations1732650000000,
  EventCatalog1732900000000,
  DefaultPartitions1733000000000,
  FleetState1733100000000,
  ConcurrencyReport1733200000000,
  MatchingLeases1733300000000,
  ExactEventPayloads1734000000000,
  DeadLetterEvents1734000001000,
  secretsAtRestMigration(box),
  ApiKeyLifecycle1734200100000,
  SubscriptionFilters1734400000000,
  EndpointAuthentication1734500000000,
  OrderedDelivery1734700000000,
];
