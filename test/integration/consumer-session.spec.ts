import { Logger } from '@nestjs/common';
import type { Admin, Producer } from 'kafkajs';
import { SubscriptionPressure } from '../../src/modules/delivery/pressure/subscription-pressure.js';
import type { InboundMessage } from '../../src/platform/kafka/inbound-message.js';
import { KafkaService, withProtocolRetries } from '../../src/platform/kafka/kafka.service.js';
import { PartitionedConsumer } from '../../src/platform/kafka/partitioned-consumer.js';
import { pipelineTopology } from '../../src/topology.js';
import { KafkaProxy } from '../support/kafka-proxy.js';
import { eventually } from '../support/pipeline-fixtures.js';
import { testConfig, uniqueId } from '../support/test-config.js';

/**
 * KAFKA_SESSION_TIMEOUT_MS on a real broker. A member that falls silent without leaving its group
 * (its broker connections cut, as a kill -9 or a lost node leaves it) keeps its partitions until
 * its session ends; the member that joins meanwhile gets them then, not after Kafka's usual 30 s.
 */
describe('consumer group session (KAFKA_SESSION_TIMEOUT_MS)', () => {
  const SESSION_MS = 6_000;
  const config = testConfig({ KAFKA_TOPIC_PARTITIONS: '1', KAFKA_SESSION_TIMEOUT_MS: String(SESSION_MS) });
  const kafka = new KafkaService(config, pipelineTopology(config));
  const proxy = new KafkaProxy();
  let admin: Admin;
  let producer: Producer;
  const consumers: PartitionedConsumer[] = [];

  beforeAll(async () => {
    await kafka.start();
    await proxy.start();
    admin = kafka.kafka.admin();
    await admin.connect();
    producer = kafka.kafka.producer();
    await producer.connect();
  });
  afterAll(async () => {
    await proxy.restore().catch(() => undefined);
    for (const c of consumers) await c.stop(5_000).catch(() => undefined);
    await producer.disconnect();
    await admin.disconnect();
    await proxy.stop();
    await kafka.onModuleDestroy();
  });

  const member = (client: KafkaService, topic: string, groupId: string, seen: string[]) => {
    const consumer = new PartitionedConsumer(client.kafka, {
      topic,
      groupId,
      fromBeginning: true,
      maxInFlight: 8,
      maxInFlightPerKey: 2,
      sessionTimeoutMs: config.kafka.sessionTimeoutMs,
      maxBytesPerPartition: 1_048_576,
      handle: async (m: InboundMessage) => void seen.push(m.value!.toString()),
      quarantine: async () => undefined,
      pressure: new SubscriptionPressure(config),
      logger: new Logger('consumer-session-test'),
    });
    consumers.push(consumer);
    return consumer;
  };

  it('hands a silent member’s partition to the member that joins, once its session ends', async () => {
    const topic = uniqueId('session-');
    await withProtocolRetries(() =>
      admin.createTopics({ waitForLeaders: true, topics: [{ topic, numPartitions: 1, replicationFactor: 1 }] }),
    );
    const group = uniqueId('g-');
    const send = (value: string) => producer.send({ topic, messages: [{ value }], acks: -1 });

    // The first member reaches the broker only through the proxy, and owns the one partition.
    const throughProxy = new KafkaService(
      testConfig({ KAFKA_BROKERS: proxy.address, KAFKA_SESSION_TIMEOUT_MS: String(SESSION_MS) }),
      pipelineTopology(config),
    );
    const firstSeen: string[] = [];
    await member(throughProxy, topic, group, firstSeen).start();
    await send('before');
    await eventually(() => firstSeen.includes('before'), 30_000, 'the first member consuming');

    // It falls silent: no heartbeat, no leave. A second member joins and waits for the partition.
    await proxy.cut();
    const secondSeen: string[] = [];
    const joinedAt = Date.now();
    await member(kafka, topic, group, secondSeen).start();
    await send('after');
    await eventually(() => secondSeen.includes('after'), 60_000, 'the second member consuming');
    const waitedMs = Date.now() - joinedAt;
    // Bounded by the session (and a rebalance), well short of the 30 s a fixed timeout would hold it.
    expect(waitedMs).toBeLessThan(SESSION_MS + 12_000);
    expect(firstSeen).not.toContain('after');
  }, 120_000);
});
