import { Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { Kafka, logLevel, Partitioners, type Admin, type Message, type Producer } from 'kafkajs';
import { AppConfig } from '../config/app-config.js';
import { buildTopology } from '../../topology.js';

export class KafkaUnavailableError extends Error {}

/** The Kafka client, the one shared producer (acks=all, idempotent) and topic administration. */
@Injectable()
export class KafkaService implements OnModuleInit, OnModuleDestroy {
  readonly kafka: Kafka;
  private producer?: Producer;
  private readonly logger = new Logger('Kafka');

  constructor(private readonly config: AppConfig) {
    this.kafka = new Kafka({
      clientId: config.env.KAFKA_CLIENT_ID,
      brokers: config.kafkaBrokers,
      connectionTimeout: config.env.KAFKA_CONNECT_TIMEOUT_MS,
      requestTimeout: 30_000,
      // Bounded so that a dead broker stops the start within a minute instead of hanging.
      retry: { retries: 5, initialRetryTime: 300, maxRetryTime: 10_000 },
      logLevel: logLevel.NOTHING,
    });
  }

  async onModuleInit(): Promise<void> {
    await this.start();
  }

  /** Connects the producer and creates every topic of the topology; fails clearly when Kafka is down. */
  async start(): Promise<void> {
    const admin = this.kafka.admin();
    try {
      await admin.connect();
      await withProtocolRetries(() => this.ensureTopics(admin));
      this.producer = this.kafka.producer({
        idempotent: true,
        maxInFlightRequests: 5,
        createPartitioner: Partitioners.DefaultPartitioner,
      });
      await this.producer.connect();
    } catch (error) {
      throw new KafkaUnavailableError(
        `Kafka is not reachable at KAFKA_BROKERS=${this.config.kafkaBrokers.join(',')}: ${(error as Error).message}`,
      );
    } finally {
      await admin.disconnect().catch(() => undefined);
    }
  }

  private async ensureTopics(admin: Admin): Promise<void> {
    const existing = new Set(await admin.listTopics());
    const wanted = buildTopology(this.config).filter((t) => !existing.has(t.topic));
    if (wanted.length === 0) return;
    await admin.createTopics({
      waitForLeaders: true,
      topics: wanted.map((t) => ({
        topic: t.topic,
        numPartitions: this.config.env.KAFKA_TOPIC_PARTITIONS,
        replicationFactor: this.config.env.KAFKA_REPLICATION_FACTOR,
        configEntries: t.compacted ? [{ name: 'cleanup.policy', value: 'compact' }] : [],
      })),
    });
    this.logger.log(`created topics: ${wanted.map((t) => t.topic).join(', ')}`);
  }

  /** Resolves once every replica in sync has the records (acks=all). */
  async send(topic: string, messages: Message[]): Promise<void> {
    if (!this.producer) throw new KafkaUnavailableError('Kafka producer is not started');
    await this.producer.send({ topic, messages, acks: -1 });
  }

  /** Several topics' records in one request; resolves once all are acknowledged (acks=all). */
  async sendBatch(topicMessages: { topic: string; messages: Message[] }[]): Promise<void> {
    if (!this.producer) throw new KafkaUnavailableError('Kafka producer is not started');
    await this.producer.sendBatch({ topicMessages, acks: -1 });
  }

  async isHealthy(): Promise<boolean> {
    const admin = this.kafka.admin();
    try {
      await admin.connect();
      await admin.describeCluster();
      return true;
    } catch {
      return false;
    } finally {
      await admin.disconnect().catch(() => undefined);
    }
  }

  async onModuleDestroy(): Promise<void> {
    await this.producer?.disconnect().catch(() => undefined);
  }
}

/**
 * A busy broker can answer a retriable protocol error (a new topic's leader not known yet) after
 * kafkajs's own retries; try the step again a few times. Connection errors are not retried here,
 * so a dead broker still ends the start within a minute.
 */
async function withProtocolRetries<T>(step: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await step();
    } catch (error) {
      if (!isRetriableProtocolError(error) || attempt >= attempts) throw error;
      await new Promise((r) => setTimeout(r, 500 * attempt));
    }
  }
}

/** kafkajs's error classes are not ES named exports: match by name, also behind its retries-exceeded wrapper. */
function isRetriableProtocolError(error: unknown): boolean {
  const { cause } = error as { cause?: unknown };
  return [error, cause].some((e) => {
    const { name, retriable } = (e ?? {}) as { name?: string; retriable?: boolean };
    return name === 'KafkaJSProtocolError' && retriable === true;
  });
}
