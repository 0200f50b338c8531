import type { AppConfig } from './platform/config/app-config.js';
import type { Role } from './platform/config/environment.js';
import { PipelineTopology, type TopicSpec } from './platform/kafka/pipeline-topology.js';

export type { TopicSpec } from './platform/kafka/pipeline-topology.js';

/** Names of the message handlers that consumers register with @EventPattern. */
export const Handlers = {
  ingest: 'ingest',
  delivery: 'delivery',
  retry: 'retry',
  deadLetter: 'dead-letter',
  alert: 'alert',
  subscriptionChangelog: 'subscription-changelog',
  eventTypeChangelog: 'event-type-changelog',
} as const;
export type HandlerName = (typeof Handlers)[keyof typeof Handlers];

/**
 * The names of Hookline's own topics under this deployment's prefix. One instance, built from the
 * configuration by TopologyModule, is injected wherever a topic is named: producers, consumers and
 * this table agree by construction.
 */
export class TopicNames {
  readonly deliveries: string;
  readonly dlq: string;
  readonly alerts: string;
  readonly subscriptions: string;
  readonly eventTypes: string;
  /** One per RETRY_SCHEDULE entry, in its order. */
  readonly retries: readonly string[];

  constructor(prefix: string, schedule: readonly { label: string }[]) {
    this.deliveries = `${prefix}.deliveries`;
    this.dlq = `${prefix}.dlq`;
    this.alerts = `${prefix}.alerts`;
    this.subscriptions = `${prefix}.subscriptions`;
    this.eventTypes = `${prefix}.event-types`;
    this.retries = schedule.map((tier) => `${prefix}.retry-${tier.label}`);
  }

  /** Every name (a name added above is in it too); the boot requires each to be a topic of the table. */
  all(): string[] {
    return Object.values(this).flat() as string[];
  }
}

/** The topic names this configuration describes (KAFKA_TOPIC_PREFIX, RETRY_SCHEDULE). */
export function topicNamesOf(config: AppConfig): TopicNames {
  return new TopicNames(config.kafka.topicPrefix, config.delivery.retrySchedule);
}

/**
 * The pipeline topology for this configuration, as the platform receives it. It fails the boot when
 * the table writes to a topic it does not declare, or when a name producers are given (`names`) is
 * not one of its topics.
 */
export function pipelineTopology(config: AppConfig, names = topicNamesOf(config)): PipelineTopology {
  const topology = new PipelineTopology(buildTopology(config, names), names.dlq);
  for (const topic of names.all()) topology.assertDeclared(topic);
  return topology;
}

/**
 * The whole pipeline in one table: each topic, the consumer that reads it and what that consumer
 * produces. Topics are created from it at start, and the boot fails if an enabled consumer's
 * handler is not registered.
 */
export function buildTopology(config: AppConfig, names = topicNamesOf(config)): TopicSpec[] {
  const group = (name: string) => `${config.kafka.groupPrefix}.${name}`;
  return [
    ...ingestTopics(config, names, group),
    ...deliveryTopics(config, names, group),
    ...changelogTopics(config, names, group),
  ];
}

type GroupName = (name: string) => string;

/**
 * How many records a consumer works on at once: deliveries wait on endpoints, ingest on Postgres and
 * the broker for every event (its throughput), the rest on Kafka and Postgres now and then.
 */
function concurrency(config: AppConfig, kind: 'delivery' | 'ingest' | 'ordered' | 'default') {
  if (kind === 'ordered') return { maxInFlight: 1, maxInFlightPerKey: 1 };
  if (kind === 'default') return { maxInFlight: 64, maxInFlightPerKey: 64 };
  if (kind === 'ingest')
    return { maxInFlight: config.ingest.concurrency, maxInFlightPerKey: config.ingest.concurrency };
  return { maxInFlight: config.delivery.concurrency, maxInFlightPerKey: config.delivery.concurrencyPerSubscription };
}

function ingestTopics(config: AppConfig, names: TopicNames, group: GroupName): TopicSpec[] {
  return config.ingest.topics.map((topic) => ({
    topic,
    owned: false,
    consumer: {
      roles: ['ingest'] as Role[],
      handler: Handlers.ingest,
      group: config.ingest.consumerGroup || group('ingest'),
      ...concurrency(config, 'ingest'),
    },
    produces: [names.deliveries, names.dlq],
  }));
}

/** The deliveries topic, its retry tiers, the DLQ and the alerts. */
function deliveryTopics(config: AppConfig, names: TopicNames, group: GroupName): TopicSpec[] {
  return [
    ...attemptTopics(config, names, group),
    {
      topic: names.dlq,
      owned: true,
      consumer: {
        roles: ['operations'],
        handler: Handlers.deadLetter,
        group: group('dead-letters'),
        ...concurrency(config, 'default'),
      },
      produces: [],
    },
    {
      topic: names.alerts,
      owned: true,
      consumer: {
        roles: ['delivery'],
        handler: Handlers.alert,
        group: group('alerts'),
        ...concurrency(config, 'default'),
      },
      produces: [],
    },
  ];
}

/** The topics whose tasks are attempted: the deliveries topic and each retry tier. */
function attemptTopics(config: AppConfig, names: TopicNames, group: GroupName): TopicSpec[] {
  const delivery = concurrency(config, 'delivery');
  // A stalled subscription's task may step aside to any tier.
  const produces = [...names.retries, names.dlq, names.alerts];
  return [
    {
      topic: names.deliveries,
      owned: true,
      consumer: {
        roles: ['delivery'],
        handler: Handlers.delivery,
        group: group('delivery'),
        stepAside: true,
        ...delivery,
      },
      produces,
    },
    ...config.delivery.retrySchedule.map((tier, i) => ({
      topic: names.retries[i],
      owned: true,
      consumer: {
        roles: ['retry'] as Role[],
        handler: Handlers.retry,
        group: group(`retry-${tier.label}`),
        delayMs: tier.ms,
        tier: tier.label,
        stepAside: true,
        ...delivery,
      },
      produces,
    })),
  ];
}

/** Compacted changelogs that every instance reads whole, into its in-memory tables. */
function changelogTopics(config: AppConfig, names: TopicNames, group: GroupName): TopicSpec[] {
  const changelog = (topic: string, roles: Role[], handler: HandlerName, name: string, ordered: boolean) => ({
    topic,
    owned: true,
    compacted: true,
    consumer: {
      roles,
      handler,
      group: group(name),
      broadcast: true,
      ...concurrency(config, ordered ? 'ordered' : 'default'),
    },
    produces: [],
  });
  return [
    // Applied in order: a subscription's later change must not overtake an earlier one.
    changelog(
      names.subscriptions,
      ['ingest', 'delivery', 'retry'],
      Handlers.subscriptionChangelog,
      'subscriptions',
      true,
    ),
    changelog(names.eventTypes, ['api', 'ingest'], Handlers.eventTypeChangelog, 'event-types', false),
  ];
}
