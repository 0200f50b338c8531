import type { Logger } from '@nestjs/common';
import { type Kafka, type Producer, type RecordMetadata, type TopicMessages } from 'kafkajs';
import { counter } from '../telemetry/metrics.js';
import type { PipelineHealth } from './pipeline-health.js';
import { notingPartitioner } from './record-placement.js';
import { classifyProduceError, ProduceUnavailableError, recordRejection } from './produce-errors.js';

const produceErrors = counter('hookline_produce_errors_total', 'Failed produce requests, by kind', ['kind']);

/** How long one send keeps retrying a transient failure before it hands the failure to its caller. */
const RETRY_BUDGET_MS = 30_000;

/**
 * The one idempotent producer (acks=all), made to heal itself. kafkajs moves a partition's sequence
 * number back for every partition of a failed request, also those the broker accepted: after a
 * request that failed on the client's side (a timeout) but was written, the next request to that
 * partition reuses its sequence numbers, and the broker answers it as a duplicate of the first
 * (success) without writing it. When that next request carries other records, they are lost while
 * their senders are told they are stored. So one send at a time goes through a producer, and a
 * failure replaces the producer (a new producer id starts every sequence afresh) before the next
 * send begins; the failed send is then repeated (transient, perhaps written twice: at least once) or
 * refused for its caller alone (record errors). kafkajs already sends one request at a time per
 * broker for an idempotent producer, so on a single broker this costs no concurrency at all.
 */
export class ResilientProducer {
  private current?: Promise<Producer>;
  /** The end of the send under way: the next one begins after it (and after its producer's replacement). */
  private tail: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly kafka: Kafka,
    private readonly health: PipelineHealth,
    private readonly log: Logger,
  ) {}

  async connect(): Promise<void> {
    await this.producer();
  }

  async disconnect(): Promise<void> {
    const current = this.current;
    this.current = undefined;
    await current?.then((p) => p.disconnect()).catch(() => undefined);
  }

  /** Resolves once every replica in sync has the records; throws RecordRejectedError or ProduceUnavailableError. */
  async send(topicMessages: TopicMessages[]): Promise<RecordMetadata[]> {
    const deadline = Date.now() + RETRY_BUDGET_MS;
    const topics = topicMessages.map((t) => t.topic);
    for (let attempt = 1; ; attempt++) {
      try {
        const metadata = await this.exclusive(() => this.sendOnce(topicMessages));
        this.health.produced(topics);
        return metadata;
      } catch (error) {
        const kind = classifyProduceError(error);
        if (kind === 'fatal') throw error;
        produceErrors.inc({ kind });
        if (kind === 'record') {
          this.health.produced(topics); // the broker answered: the pipeline can produce, this record cannot
          const rejection = recordRejection(topics.join(','), error);
          this.log.warn(`produce refused for its records (${rejection.reason}): ${rejection.message}`);
          throw rejection;
        }
        this.health.produceFailed(topics, error);
        this.log.warn(
          `produce failed (${kind}, ${(error as Error).name}), attempt ${attempt}: ${(error as Error).message}`,
        );
        if (Date.now() >= deadline) throw new ProduceUnavailableError(kind, error);
        await new Promise((r) => setTimeout(r, Math.min(1_000, 50 * 2 ** attempt)));
      }
    }
  }

  /**
   * One attempt on the current producer. A failure replaces the producer before the next send may
   * begin: no later request can reuse the sequence numbers kafkajs moved back.
   */
  private async sendOnce(topicMessages: TopicMessages[]): Promise<RecordMetadata[]> {
    const producer = await this.producer();
    try {
      return await producer.sendBatch({ topicMessages, acks: -1 });
    } catch (error) {
      await this.replace(producer);
      throw error;
    }
  }

  /** Runs `send` once the send before it (and any replacement it made) has ended. */
  private exclusive<T>(send: () => Promise<T>): Promise<T> {
    const run = this.tail.then(send, send);
    this.tail = run.catch(() => undefined);
    return run;
  }

  private producer(): Promise<Producer> {
    this.current ??= this.open().catch((error: unknown) => {
      this.current = undefined;
      throw error;
    });
    return this.current;
  }

  private async open(): Promise<Producer> {
    const producer = this.kafka.producer({
      idempotent: true,
      maxInFlightRequests: 5,
      // Hookline creates its topics with their settings at start; a deleted one must not come back without them.
      allowAutoTopicCreation: false,
      // Few quick retries inside kafkajs: failures reach this class (and the health checks) within a second.
      retry: { retries: 2, initialRetryTime: 100, maxRetryTime: 1_000 },
      createPartitioner: notingPartitioner,
    });
    await producer.connect();
    return producer;
  }

  /** Swaps in a fresh producer unless a concurrent failure already did; the old one is closed in the background. */
  private async replace(failed: Producer): Promise<void> {
    const current = await this.current?.catch(() => undefined);
    if (current !== failed) return;
    this.current = undefined;
    void failed.disconnect().catch(() => undefined);
    await this.producer().catch(() => undefined);
  }
}
