import { Injectable } from '@nestjs/common';
import type { Message } from 'kafkajs';
import { MicroBatcher } from '../batching/micro-batcher.js';
import { traceSend } from '../telemetry/messaging-spans.js';
import { tracingActive } from '../telemetry/sdk.js';
import { KafkaService } from './kafka.service.js';
import type { PipelineTopology } from './pipeline-topology.js';
import { RecordRejectedError } from './produce-errors.js';
import { combinePlacements, placementsOfRequest, type Placement } from './record-placement.js';
import { messageBytes } from './record-size.js';

interface Send {
  topic: string;
  messages: Message[];
}

const sendBytes = (send: Send) => send.messages.reduce((sum, m) => sum + messageBytes(m), 0);

/**
 * Produces through one shared request for the sends of many concurrent callers: the idempotent
 * producer allows five requests in flight per broker, so one request per event would cap the
 * pipeline at a few thousand events per second. Each caller resolves only once the broker
 * acknowledged its own records (acks=all). A request holds at most what one topic accepts in one
 * record batch, and a record the broker refuses fails only its own caller: the request is split
 * until the refused send stands alone. One flush at a time keeps a key's records in order through
 * such splits (kafkajs sends one request per broker at a time anyway).
 */
@Injectable()
export class BatchingProducer {
  private readonly batcher: MicroBatcher<Send, Placement | undefined>;
  private readonly limit: number;
  private readonly maxRequestBytes: number;
  private readonly topology: PipelineTopology;

  constructor(kafka: KafkaService) {
    this.topology = kafka.topology;
    this.limit = kafka.recordLimitBytes;
    this.maxRequestBytes = Math.floor(this.limit * 0.9);
    this.batcher = new MicroBatcher<Send, Placement | undefined>(
      async (sends) => {
        const metadata = await kafka.sendBatch(sends);
        // Where each caller's records went matters only to its producer span.
        return tracingActive() ? placementsOfRequest(sends, metadata) : sends.map(() => undefined);
      },
      {
        maxItems: 500,
        maxDelayMs: 2,
        maxConcurrentFlushes: 1,
        maxBytes: this.maxRequestBytes,
        sizeOf: sendBytes,
        isolate: (error) => error instanceof RecordRejectedError,
      },
    );
  }

  /**
   * Rejects at once for a topic that is not in the pipeline topology (a bug, not an outage).
   * Resolves once the broker acknowledged the records, with where they went when tracing. Traced as
   * one PRODUCER span in the caller's context, however many requests carry its records.
   */
  send(topic: string, messages: Message[]): Promise<Placement | undefined> {
    try {
      this.topology.assertDeclared(topic);
    } catch (error) {
      return Promise.reject(error as Error);
    }
    if (messages.length === 0) return Promise.resolve(undefined);
    return traceSend(topic, messages, () => this.enqueue(topic, messages), placedAs);
  }

  private enqueue(topic: string, messages: Message[]): Promise<Placement | undefined> {
    const largest = Math.max(...messages.map(messageBytes));
    if (largest > this.limit)
      return Promise.reject(
        new RecordRejectedError(topic, `a record of ${largest} bytes exceeds the ${this.limit} bytes ${topic} holds`),
      );
    // One caller's records may exceed a request between them (a large event fanned out to several
    // subscriptions): they go as several items, since a partition's record batch must fit the topic.
    const chunks = chunkByBytes(messages, this.maxRequestBytes);
    if (chunks.length === 1) return this.batcher.add({ topic, messages });
    return Promise.all(chunks.map((chunk) => this.batcher.add({ topic, messages: chunk }))).then(combinePlacements);
  }
}

const placedAs = (placement: Placement | undefined) => placement;

/** Consecutive runs of messages of at most maxBytes each (a larger message alone). */
export function chunkByBytes(messages: Message[], maxBytes: number): Message[][] {
  const chunks: Message[][] = [];
  let current: Message[] = [];
  let bytes = 0;
  for (const message of messages) {
    const size = messageBytes(message);
    if (current.length > 0 && bytes + size > maxBytes) {
      chunks.push(current);
      [current, bytes] = [[], 0];
    }
    current.push(message);
    bytes += size;
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}
