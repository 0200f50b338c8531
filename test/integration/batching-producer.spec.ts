import { BatchingProducer } from '../../src/platform/kafka/batching-producer.js';
import { KafkaService, withProtocolRetries } from '../../src/platform/kafka/kafka.service.js';
import { PipelineHealth } from '../../src/platform/kafka/pipeline-health.js';
import { RecordRejectedError } from '../../src/platform/kafka/produce-errors.js';
import { eventually } from '../support/pipeline-fixtures.js';
import { testConfig } from '../support/test-config.js';
import { pipelineTopology, topicNamesOf } from '../../src/topology.js';

/** kafkajs's ConfigResourceTypes.TOPIC (its enums are not ES named exports). */
const TOPIC_RESOURCE = 2;

/**
 * The shared producer on the real broker, with a topic that refuses records over 10 KB (as a topic
 * configured smaller than Hookline's limit would): a refused record fails only its own caller, its
 * batch-mates are acknowledged, and the producer goes on without a restart (kafkajs alone would
 * answer every later request with OUT_OF_ORDER_SEQUENCE_NUMBER).
 */
describe('batching producer on the real broker', () => {
  const config = testConfig();
  const health = new PipelineHealth(config);
  const kafka = new KafkaService(config, pipelineTopology(config), health);
  const producer = new BatchingProducer(kafka);
  // A topic of the pipeline (the producer writes to no other), shrunk to refuse records over 10 KB.
  const topic = topicNamesOf(config).alerts;

  beforeAll(async () => {
    await kafka.start();
    const admin = kafka.kafka.admin();
    await admin.connect();
    await withProtocolRetries(() =>
      admin.alterConfigs({
        validateOnly: false,
        resources: [
          { type: TOPIC_RESOURCE, name: topic, configEntries: [{ name: 'max.message.bytes', value: '10000' }] },
        ],
      }),
    );
    await admin.disconnect();
    // The broker puts a topic's new limit in force a moment after acknowledging it: until it refuses.
    await eventually(async () => (await send(-1, 20_000)) === 'rejected too_large', 15_000, 'the 10 KB limit');
  });

  it('refuses a topic that is not in the pipeline topology, before it reaches the broker', async () => {
    const typo = `${config.kafka.topicPrefix}.typo`;
    await expect(producer.send(typo, [{ value: 'x' }])).rejects.toThrow(/not a topic of the pipeline topology/);
    // The direct send (alerts, dead letters) holds to the same table.
    await expect(kafka.send(typo, [{ value: 'x' }])).rejects.toThrow(/not a topic of the pipeline topology/);
    const admin = kafka.kafka.admin();
    await admin.connect();
    expect(await admin.listTopics()).not.toContain(typo);
    await admin.disconnect();
  });
  afterAll(async () => {
    const admin = kafka.kafka.admin();
    await admin.connect();
    await admin.deleteTopics({ topics: [topic] }).catch(() => undefined);
    await admin.disconnect();
    await kafka.onModuleDestroy();
  });

  const send = (i: number, bytes = 100) =>
    producer.send(topic, [{ key: `k${i % 7}`, value: `${i}:`.padEnd(bytes, 'x') }]).then(
      () => 'ok',
      (e: unknown) => (e instanceof RecordRejectedError ? `rejected ${e.reason}` : `failed ${String(e)}`),
    );

  it("fails only the refused record's caller, then keeps producing", async () => {
    const outcomes = await Promise.all([
      ...Array.from({ length: 50 }, (_, i) => send(i)),
      send(50, 20_000),
      ...Array.from({ length: 50 }, (_, i) => send(51 + i)),
    ]);
    expect(outcomes.filter((o) => o === 'ok')).toHaveLength(100);
    expect(outcomes[50]).toBe('rejected too_large');

    const later = await Promise.all(Array.from({ length: 300 }, (_, i) => send(1000 + i)));
    expect(later.every((o) => o === 'ok')).toBe(true);
    expect(health.readiness().ok).toBe(true);

    const admin = kafka.kafka.admin();
    await admin.connect();
    const offsets = await admin.fetchTopicOffsets(topic);
    await admin.disconnect();
    // Every acknowledged record is on the topic (at least once: a split may repeat a record).
    expect(offsets.reduce((sum, p) => sum + Number(p.high), 0)).toBeGreaterThanOrEqual(400);
  });

  it('reports the pipeline not ready while its topic is gone, and ready once it is back', async () => {
    const admin = kafka.kafka.admin();
    await admin.connect();
    try {
      await admin.deleteTopics({ topics: [topic] });
      const stuck = send(2000);
      // Readiness turns when the producer's first attempt fails: three tries inside kafkajs, each of
      // which may wait for the broker's answer (30 s request timeout). Loaded, that took over 15 s.
      await eventually(() => !health.readiness().ok, 45_000, 'readiness false');
      expect(health.readiness()).toEqual({
        ok: false,
        code: 'kafka_produce_failed',
        topic,
        detail: expect.stringContaining('cannot produce since'),
      });
      await withProtocolRetries(() =>
        admin.createTopics({ waitForLeaders: true, topics: [{ topic, numPartitions: 3 }] }),
      );
      // The caller of a send that outlived the producer's retry budget got a transient error and retries it itself.
      expect(await stuck).toMatch(/^(ok|failed .*cannot produce \(transient\))/);
      await eventually(async () => (await send(2001)) === 'ok', 15_000, 'producing again');
      expect(health.readiness().ok).toBe(true);
    } finally {
      await admin.disconnect();
    }
  }, 120_000);
});
