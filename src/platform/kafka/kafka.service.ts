import { Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { Kafka, logLevel, Partitioners, type Message, type Producer } from 'kafkajs';
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
      const existing = new Set(await admin.listTopics());
      const wanted = buildTopology(this.config).filter((t) => !existing.has(t.topic));
      if (wanted.length > 0) {
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
