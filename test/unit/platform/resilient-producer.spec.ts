import { Logger } from '@nestjs/common';
import kafkajs, { type Kafka, type Producer, type RecordMetadata, type TopicMessages } from 'kafkajs';
import { AppConfig } from '../../../src/platform/config/app-config.js';
import { PipelineHealth } from '../../../src/platform/kafka/pipeline-health.js';
import { ResilientProducer } from '../../../src/platform/kafka/resilient-producer.js';

const { KafkaJSRequestTimeoutError } = kafkajs as unknown as Record<string, new (message: string) => Error>;

/**
 * Producers that log each sendBatch (which producer, which records) and fail the ones a test names,
 * as kafkajs does when a request times out: the pure coordination of ResilientProducer, no broker.
 * Like kafkajs's idempotent producer, each sends one request at a time (its broker lock): a send
 * that waited for the lock goes out after the failure, with the sequence numbers moved back.
 */
class FakeProducers {
  readonly log: { producer: number; records: string[]; at: 'start' | 'end' }[] = [];
  private made = 0;
  private readonly failing = new Set<string>();

  failOnce(record: string): void {
    this.failing.add(record);
  }

  kafka(): Kafka {
    return { producer: () => this.producer() } as unknown as Kafka;
  }

  private producer(): Producer {
    const id = ++this.made;
    let lock: Promise<unknown> = Promise.resolve();
    const request = async (records: string[]): Promise<RecordMetadata[]> => {
      this.log.push({ producer: id, records, at: 'start' });
      await new Promise((r) => setTimeout(r, 5));
      this.log.push({ producer: id, records, at: 'end' });
      const failed = records.find((r) => this.failing.delete(r));
      if (failed) throw new KafkaJSRequestTimeoutError(`request timed out sending ${failed}`);
      return [];
    };
    return {
      connect: async () => undefined,
      disconnect: async () => undefined,
      sendBatch: ({ topicMessages }: { topicMessages: TopicMessages[] }): Promise<RecordMetadata[]> => {
        const records = topicMessages.flatMap((t) => t.messages.map((m) => String(m.value)));
        const sent = lock.then(() => request(records));
        lock = sent.catch(() => undefined);
        return sent;
      },
    } as unknown as Producer;
  }
}

const send = (producer: ResilientProducer, value: string) => producer.send([{ topic: 't', messages: [{ value }] }]);

describe('ResilientProducer', () => {
  const health = new PipelineHealth(AppConfig.fromEnv({}));
  const logger = new Logger('test');
  logger.warn = () => undefined;

  it('never lets a send begin on a producer whose previous request failed', async () => {
    const fakes = new FakeProducers();
    const producer = new ResilientProducer(fakes.kafka(), health, logger);
    fakes.failOnce('a');
    await Promise.all(['a', 'b', 'c'].map((v) => send(producer, v)));

    const failedOn = fakes.log.find((e) => e.at === 'end' && e.records.includes('a'))!.producer;
    const startsAfterFailure = fakes.log.slice(fakes.log.findIndex((e) => e.at === 'end' && e.records.includes('a')));
    // b and c (queued while a's request was out) and a's repeat all went through a new producer.
    expect(startsAfterFailure.filter((e) => e.at === 'start').map((e) => e.producer)).not.toContain(failedOn);
    expect(
      fakes.log
        .filter((e) => e.at === 'end')
        .flatMap((e) => e.records)
        .sort(),
    ).toEqual(['a', 'a', 'b', 'c']);
  });

  it('runs one send at a time, in the order they were asked for', async () => {
    const fakes = new FakeProducers();
    const producer = new ResilientProducer(fakes.kafka(), health, logger);
    await Promise.all(['a', 'b', 'c', 'd'].map((v) => send(producer, v)));
    expect(fakes.log.map((e) => `${e.at} ${e.records[0]}`)).toEqual([
      'start a',
      'end a',
      'start b',
      'end b',
      'start c',
      'end c',
      'start d',
      'end d',
    ]);
  });
});
