import { randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import { SchemaRegistry, SchemaType } from '@kafkajs/confluent-schema-registry';
import { DataSource } from 'typeorm';
import { ApiKeyEntity } from '../../src/modules/auth/api-key.entity.js';
import { dataSourceOptions } from '../../src/platform/database/data-source.js';
import { KafkaService } from '../../src/platform/kafka/kafka.service.js';
import { PartitionedConsumer } from '../../src/platform/kafka/partitioned-consumer.js';
import type { InboundMessage } from '../../src/platform/kafka/inbound-message.js';
import { buildTopology, pipelineTopology } from '../../src/topology.js';
import { testConfig, uniqueId } from '../support/test-config.js';
import { SubscriptionPressure } from '../../src/modules/delivery/pressure/subscription-pressure.js';

/** The real parts the whole project stands on: broker, schema registry, Postgres with its migrations. */
describe('local stack', () => {
  const config = testConfig();
  const kafka = new KafkaService(config, pipelineTopology(config));

  beforeAll(() => kafka.start());
  afterAll(() => kafka.onModuleDestroy());

  it('creates every topology topic, compacting the subscription changelog', async () => {
    const admin = kafka.kafka.admin();
    await admin.connect();
    try {
      const topics = new Set(await admin.listTopics());
      for (const spec of buildTopology(config)) expect(topics.has(spec.topic)).toBe(true);
      const changelog = `${config.kafka.topicPrefix}.subscriptions`;
      const described = await admin.describeConfigs({
        includeSynonyms: false,
        resources: [{ type: 2, name: changelog, configNames: ['cleanup.policy'] }],
      });
      expect(described.resources[0].configEntries[0].configValue).toBe('compact');
    } finally {
      await admin.disconnect();
    }
  });

  it('produces to and consumes from the broker, committing what was processed', async () => {
    const topic = config.ingest.topics[0];
    const count = 50;
    await kafka.send(
      topic,
      Array.from({ length: count }, (_, i) => ({ key: `k${i % 5}`, value: JSON.stringify({ i }) })),
    );
    const seen: number[] = [];
    const group = uniqueId('stack-');
    const consumer = new PartitionedConsumer(kafka.kafka, {
      maxBytesPerPartition: 1048576,
      topic,
      groupId: group,
      fromBeginning: true,
      maxInFlight: 8,
      maxInFlightPerKey: 2,
      sessionTimeoutMs: config.kafka.sessionTimeoutMs,
      handle: async (m: InboundMessage) => {
        seen.push(JSON.parse(m.value!.toString()).i);
      },
      quarantine: async () => undefined,
      pressure: new SubscriptionPressure(config),
      logger: new Logger('test'),
    });
    await consumer.start();
    const until = Date.now() + 20_000;
    while (seen.length < count && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
    await consumer.stop(5_000);
    expect(new Set(seen).size).toBe(count);

    const admin = kafka.kafka.admin();
    await admin.connect();
    const offsets = await admin.fetchOffsets({ groupId: group, topics: [topic] });
    await admin.disconnect();
    const committed = offsets[0].partitions.reduce((sum, p) => sum + Math.max(0, Number(p.offset)), 0);
    expect(committed).toBe(count);
  });

  it('registers and fetches a schema in the registry, and round-trips an Avro record', async () => {
    const registry = new SchemaRegistry({ host: config.registry.url });
    const subject = uniqueId('stack-test-');
    const schema = JSON.stringify({
      type: 'record',
      name: 'Probe',
      namespace: 'hookline.test',
      fields: [{ name: 'id', type: 'string' }],
    });
    const { id } = await registry.register({ type: SchemaType.AVRO, schema }, { subject });
    expect(id).toBeGreaterThan(0);
    expect(await registry.getLatestSchemaId(subject)).toBe(id);
    const encoded = await registry.encode(id, { id: 'abc' });
    expect(encoded.readUInt8(0)).toBe(0);
    expect(encoded.readInt32BE(1)).toBe(id);
    expect(await registry.decode(encoded)).toEqual({ id: 'abc' });
  });

  it('reads and writes Postgres through a migration-created table', async () => {
    const source = await new DataSource(dataSourceOptions(config, [ApiKeyEntity])).initialize();
    try {
      const repo = source.getRepository(ApiKeyEntity);
      const id = randomUUID();
      await repo.insert({
        id,
        tenantId: uniqueId('tenant-'),
        name: 'probe',
        keyHash: id,
        keyPrefix: 'hl_',
        scopes: ['read'],
      });
      const row = await repo.findOneByOrFail({ id });
      expect(row.scopes).toEqual(['read']);
      expect(row.createdAt).toBeInstanceOf(Date);
      await repo.delete({ id });
    } finally {
      await source.destroy();
    }
  });
});
