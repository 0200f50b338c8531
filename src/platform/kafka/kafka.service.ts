import { Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { Admin, Kafka, Message, RecordMetadata } from 'kafkajs';
import { AppConfig } from '../config/app-config.js';
import { traceSend } from '../telemetry/messaging-spans.js';
import { createKafkaClient } from './kafka-client.js';
import {
  classifyKafkaFailure,
  isKafkaAccessError,
  type KafkaFailure,
  type KafkaFailureContext,
} from './kafka-failure.js';
import { PipelineHealth, type HealthVerdict } from './pipeline-health.js';
import { PipelineTopology } from './pipeline-topology.js';
import { placementOfSend } from './record-placement.js';
import { ResilientProducer } from './resilient-producer.js';
import { internalRecordLimit, reconcileTopicLimits } from './topic-limits.js';

export class KafkaUnavailableError extends Error {
  readonly transient = true;
}

const START = 'start';
const CLUSTER_CHECK_TIMEOUT_MS = 5_000;
/**
 * The cluster check's connection retries: few and short, so that a refusal (a certificate, a
 * password) fails the check with its class well within CLUSTER_CHECK_TIMEOUT_MS. With the
 * service's retries (5, up to 10 s apart) the timeout came first and said kafka_unreachable while
 * the pipeline check named the refusal.
 */
const CLUSTER_CHECK_RETRY = { retries: 1, initialRetryTime: 100, maxRetryTime: 1_000 };

/** The Kafka client, the one shared self-healing producer (acks=all, idempotent) and topic administration. */
@Injectable()
export class KafkaService implements OnModuleInit, OnModuleDestroy {
  readonly kafka: Kafka;
  /** The cluster check's client: the same settings, CLUSTER_CHECK_RETRY. */
  private readonly checkKafka: Kafka;
  /** The largest record Hookline's own topics accept (max.message.bytes). */
  readonly recordLimitBytes: number;
  private readonly producer: ResilientProducer;
  private started = false;
  private stopped = false;
  private retryTimer?: NodeJS.Timeout;
  private lastRefusal?: KafkaFailure;
  private readonly onStarted: (() => void)[] = [];
  private clusterAdmin?: Promise<Admin>;
  private readonly logger = new Logger('Kafka');

  constructor(
    private readonly config: AppConfig,
    readonly topology: PipelineTopology,
    private readonly health: PipelineHealth = new PipelineHealth(config),
  ) {
    // Bounded so that a dead broker stops the start within a minute instead of hanging.
    this.kafka = createKafkaClient(config, { retry: { retries: 5, initialRetryTime: 300, maxRetryTime: 10_000 } });
    this.checkKafka = createKafkaClient(config, { retry: CLUSTER_CHECK_RETRY });
    this.recordLimitBytes = internalRecordLimit(config.limits.maxEventBytes);
    this.producer = new ResilientProducer(this.kafka, health, this.logger);
  }

  async onModuleInit(): Promise<void> {
    await this.start({ surviveRefusal: true });
  }

  get isStarted(): boolean {
    return this.started;
  }

  /** Runs `listener` once the topics and the producer are ready: now, or when Kafka first accepts this instance. */
  whenStarted(listener: () => void): void {
    if (this.started) listener();
    else this.onStarted.push(listener);
  }

  /** Where failures happen, for their log lines: the brokers and this instance's principal. */
  get failureContext(): KafkaFailureContext {
    const { sasl, tls } = this.config.kafka.security;
    const principal = sasl
      ? 'username' in sasl
        ? `User:${sasl.username}`
        : sasl.mechanism === 'OAUTHBEARER'
          ? `the OAuth client ${sasl.clientId}`
          : 'the AWS IAM identity'
      : tls?.certFile
        ? 'the client certificate (KAFKA_SSL_CERT_FILE)'
        : undefined;
    const { topicPrefix } = this.config.kafka;
    const ownTopics = `${topicPrefix}.* and ${this.config.ingest.topics.join(', ')}`;
    return { brokers: this.config.kafka.brokers.join(','), principal, ownTopics };
  }

  /**
   * Creates every topic of the topology and connects the producer. An unreachable cluster fails the
   * start (a wrong KAFKA_BROKERS shows at once). With surviveRefusal, a cluster that refuses this
   * instance (credentials, ACLs, certificates) does not: readiness names the refusal, the log says
   * what to fix, and the start is tried again in the background until Kafka accepts it.
   */
  async start(options: { surviveRefusal?: boolean } = {}): Promise<void> {
    try {
      await this.setUp();
    } catch (error) {
      const brokers = `KAFKA_BROKERS=${this.config.kafka.brokers.join(',')}`;
      if (!options.surviveRefusal || !isKafkaAccessError(error))
        throw new KafkaUnavailableError(`Kafka is not usable at ${brokers}: ${(error as Error).message}`);
      this.refused(this.health.kafkaFailed(START, error, this.failureContext));
      this.retryLater(1);
    }
  }

  private async setUp(): Promise<void> {
    const admin = this.kafka.admin();
    try {
      await admin.connect();
      await withProtocolRetries(() => this.ensureTopics(admin));
      await this.producer.connect();
    } finally {
      await admin.disconnect().catch(() => undefined);
    }
    this.started = true;
    this.health.kafkaRecovered(START);
    this.onStarted.splice(0).forEach((listener) => listener());
  }

  private refused(failure: KafkaFailure): void {
    this.lastRefusal = failure;
    const resource = failure.topic ? ` (topic ${failure.topic})` : failure.group ? ` (group ${failure.group})` : '';
    this.logger.error(
      `${failure.code}${resource}: ${failure.detail}. To fix: ${failure.fix}. Not ready; trying again in the background.`,
    );
  }

  /** Tries the start again, every 1 s doubling up to 30 s, until it succeeds or the service stops. */
  private retryLater(attempt: number): void {
    if (this.stopped) return;
    this.retryTimer = setTimeout(
      () =>
        void this.setUp().then(
          () => this.logger.log('Kafka accepts this instance now: topics ready, producer connected'),
          (error: unknown) => {
            const failure = this.health.kafkaFailed(START, error, this.failureContext);
            if (failure.code !== this.lastRefusal?.code || failure.topic !== this.lastRefusal?.topic)
              this.refused(failure);
            this.retryLater(attempt + 1);
          },
        ),
      Math.min(30_000, 1_000 * 2 ** (attempt - 1)),
    );
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
          numPartitions: this.config.kafka.partitions,
          replicationFactor: this.config.kafka.replicationFactor,
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
    try {
      await reconcileTopicLimits(admin, { owned, ingest, dlq }, this.recordLimitBytes, this.logger);
    } catch (error) {
      // A check, not a need: without DESCRIBE_CONFIGS (or ALTER_CONFIGS) the pipeline still runs.
      if (!isKafkaAccessError(error)) throw error;
      this.logger.warn(
        `max.message.bytes of the topics not checked (${(error as Error).message}): allow DESCRIBE_CONFIGS and ALTER_CONFIGS on them to have it checked`,
      );
    }
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

  /**
   * Whether the cluster answers this instance (readiness): a metadata round trip on one admin
   * connection kept open between probes, made anew after a failure.
   */
  async clusterVerdict(): Promise<HealthVerdict> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      const late = Object.assign(new Error(`no answer within ${CLUSTER_CHECK_TIMEOUT_MS} ms`), { code: 'ETIMEDOUT' });
      timer = setTimeout(() => reject(late), CLUSTER_CHECK_TIMEOUT_MS);
    });
    try {
      const admin = (this.clusterAdmin ??= this.connectedAdmin());
      await Promise.race([admin.then((a) => a.describeCluster()), timeout]);
      return { ok: true };
    } catch (error) {
      const failed = this.clusterAdmin;
      this.clusterAdmin = undefined;
      void failed?.then((a) => a.disconnect()).catch(() => undefined);
      const { code, detail } = classifyKafkaFailure(error, this.failureContext);
      return { ok: false, code, detail };
    } finally {
      clearTimeout(timer);
    }
  }

  private async connectedAdmin(): Promise<Admin> {
    const admin = this.checkKafka.admin({ retry: CLUSTER_CHECK_RETRY });
    await admin.connect();
    return admin;
  }

  async onModuleDestroy(): Promise<void> {
    this.started = false;
    this.stopped = true;
    clearTimeout(this.retryTimer);
    await this.clusterAdmin?.then((a) => a.disconnect()).catch(() => undefined);
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
