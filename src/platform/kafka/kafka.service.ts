import { Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { Kafka, logLevel, type Admin, type Message, type RecordMetadata } from 'kafkajs';
import { AppConfig } from '../config/app-config.js';
import { traceSend } from '../telemetry/messaging-spans.js';
import { PipelineHealth } from './pipeline-health.js';
import { PipelineTopology } from './pipeline-topology.js';
import { placementOfSend } from './record-placement.js';
import { ResilientProducer } from './resilient-producer.js';
import { internalRecordLimit, reconcileTopicLimits } from './topic-limits.js';
// Before any client exists: every connection's request queue gets the fixed throttle check.
import './kafkajs-request-queue.js';

export class KafkaUnavailableError extends Error {}

/** The Kafka client, the one shared self-healing producer (acks=all, idempotent) and topic administration. */
@Injectable()
export class KafkaService implements OnModuleInit, OnModuleDestroy {
  readonly kafka: Kafka;
  /** The largest record Hookline's own topics accept (max.message.bytes). */
  readonly recordLimitBytes: number;
  private readonly producer: ResilientProducer;
  private started = false;
  private readonly logger = new Logger('Kafka');

  constructor(
    private readonly config: AppConfig,
    readonly topology: PipelineTopology,
    health: PipelineHealth = new PipelineHealth(config),
  ) {
    this.kafka = new Kafka({
      clientId: config.env.KAFKA_CLIENT_ID,
      brokers: config.kafkaBrokers,
      connectionTimeout: config.env.KAFKA_CONNECT_TIMEOUT_MS,
      requestTimeout: 30_000,
      // Bounded so that a dead broker stops the start within a minute instead of hanging.
      retry: { retries: 5, initialRetryTime: 300, maxRetryTime: 10_000 },
      logLevel: logLevel.NOTHING,
    });
    this.recordLimitBytes = internalRecordLimit(config.env.MAX_EVENT_BYTES);
    this.producer = new ResilientProducer(this.kafka, health, this.logger);
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
      await this.producer.connect();
      this.started = true;
    } catch (error) {
      throw new KafkaUnavailableError(
        `Kafka is not reachable at KAFKA_BROKERS=${this.config.kafkaBrokers.join(',')}: ${(error as Error).message}`,
      );
    } finally {
      await admin.disconnect().catch(() => undefined);
    }
  }

  private async ensureTopics(admin: Admin): Promise<void> {
    const { topics: topology, deadLetterTopic: dlq } = this.topology;
    const existing = new Set(await admin.listTopics());
    const wanted = topology.filter((t) => !existing.has(t.topic));
    if (wanted.length > 0) {
      await admin.createTopics({
        waitForLeaders: true,
        topics: wanted.map((t) => ({
          topic: t.topic,
          numPartitions: this.config.env.KAFKA_TOPIC_PARTITIONS,
          replicationFactor: this.config.env.KAFKA_REPLICATION_FACTOR,
          configEntries: [
            ...(t.compacted ? [{ name: 'cleanup.policy', value: 'compact' }] : []),
            ...(t.owned ? [{ name: 'max.message.bytes', value: String(this.recordLimitBytes) }] : []),
          ],
        })),
      });
      this.logger.log(`created topics: ${wanted.map((t) => t.topic).join(', ')}`);
    }
    const owned = topology.filter((t) => t.owned).map((t) => t.topic);
    const ingest = topology.filter((t) => !t.owned).map((t) => t.topic);
    await reconcileTopicLimits(admin, { owned, ingest, dlq }, this.recordLimitBytes, this.logger);
  }

  /**
   * Resolves once every replica in sync has the records (acks=all); see ResilientProducer for
   * failures. Rejects at once for a topic that is not in the pipeline topology (a bug, not an
   * outage), as BatchingProducer does. Traced as one PRODUCER span in the caller's context.
   */
  async send(topic: string, messages: Message[]): Promise<RecordMetadata[]> {
    this.topology.assertDeclared(topic);
    return traceSend(
      topic,
      messages,
      () => this.sendBatch([{ topic, messages }]),
      (metadata) => placementOfSend(metadata, messages.length),
    );
  }

  /** Several topics' records in one request; resolves once all are acknowledged (acks=all). Not traced: callers' spans are. */
  async sendBatch(topicMessages: { topic: string; messages: Message[] }[]): Promise<RecordMetadata[]> {
    if (!this.started) throw new KafkaUnavailableError('Kafka producer is not started');
    return this.producer.send(topicMessages);
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
    this.started = false;
    await this.producer.disconnect();
  }
}

/**
 * A busy broker can answer a retriable protocol error (a new topic's leader not known yet) after
 * kafkajs's own retries; try the step again a few times. Connection errors are not retried here,
 * so a dead broker still ends the start within a minute.
 */
export async function withProtocolRetries<T>(
  step: () => Promise<T>,
  attempts = 5,
  retriable: (error: unknown) => boolean = isRetriableProtocolError,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await step();
    } catch (error) {
      if (!retriable(error) || attempt >= attempts) throw error;
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
