import type { AppConfig } from './platform/config/app-config.js';
import type { Role } from './platform/config/environment.js';

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

export interface TopicSpec {
  topic: string;
  /** Created by Hookline at start; false for topics an upstream owns but we still create in development. */
  owned: boolean;
  compacted?: boolean;
  consumer: {
    /** The consumer runs when any of these roles is enabled. */
    roles: Role[];
    handler: HandlerName;
    /** Consumer group; every instance of the role shares it, except broadcast consumers. */
    group: string;
    /** Every instance reads every record (used for the changelog that feeds each in-memory table). */
    broadcast?: boolean;
    /** Retry tiers: records are not processed before this delay has passed since they were written. */
    delayMs?: number;
    /** Records of a stalled subscription may step aside (its handler defers them to a retry tier). */
    stepAside?: boolean;
  };
  /** Topics its consumer writes to; documentation and the README's pipeline table. */
  produces: string[];
}

export const topicNames = (prefix: string, schedule: { label: string }[]) => ({
  deliveries: `${prefix}.deliveries`,
  dlq: `${prefix}.dlq`,
  alerts: `${prefix}.alerts`,
  subscriptions: `${prefix}.subscriptions`,
  eventTypes: `${prefix}.event-types`,
  retries: schedule.map((tier) => `${prefix}.retry-${tier.label}`),
});
export type TopicNames = ReturnType<typeof topicNames>;

/**
 * The whole pipeline in one table: each topic, the consumer that reads it and what that consumer
 * produces. Topics are created from it at start, and the boot fails if an enabled consumer's
 * handler is not registered.
 */
export function buildTopology(config: AppConfig): TopicSpec[] {
  const prefix = config.env.KAFKA_TOPIC_PREFIX;
  const group = (name: string) => `${config.groupPrefix}.${name}`;
  const names = topicNames(prefix, config.retrySchedule);
  const firstRetry = names.retries[0] ?? names.dlq;

  return [
    ...config.ingestTopics.map((topic) => ({
      topic,
      owned: false,
      consumer: {
        roles: ['ingest'] as Role[],
        handler: Handlers.ingest,
        group: config.env.INGEST_CONSUMER_GROUP || group('ingest'),
      },
      produces: [names.deliveries, names.dlq],
    })),
    {
      topic: names.deliveries,
      owned: true,
      consumer: { roles: ['delivery'], handler: Handlers.delivery, group: group('delivery'), stepAside: true },
      produces: [firstRetry, names.dlq, names.alerts],
    },
    ...config.retrySchedule.map((tier, i) => ({
      topic: names.retries[i],
      owned: true,
      consumer: {
        roles: ['retry'] as Role[],
        handler: Handlers.retry,
        group: group(`retry-${tier.label}`),
        delayMs: tier.ms,
        stepAside: true,
      },
      produces: [names.retries[i + 1] ?? names.dlq, names.alerts],
    })),
    {
      topic: names.dlq,
      owned: true,
      consumer: { roles: ['operations'], handler: Handlers.deadLetter, group: group('dead-letters') },
      produces: [],
    },
    {
      topic: names.alerts,
      owned: true,
      consumer: { roles: ['delivery'], handler: Handlers.alert, group: group('alerts') },
      produces: [],
    },
    {
      topic: names.subscriptions,
      owned: true,
      compacted: true,
      consumer: {
        roles: ['ingest', 'delivery', 'retry'],
        handler: Handlers.subscriptionChangelog,
        group: group('subscriptions'),
        broadcast: true,
      },
      produces: [],
    },
    {
      topic: names.eventTypes,
      owned: true,
      compacted: true,
      consumer: {
        roles: ['api', 'ingest'],
        handler: Handlers.eventTypeChangelog,
        group: group('event-types'),
        broadcast: true,
      },
      produces: [],
    },
  ];
}
