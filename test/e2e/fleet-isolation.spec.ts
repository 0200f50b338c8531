import type { INestApplication } from '@nestjs/common';
import { startApp } from '../../src/bootstrap.js';
import type { AppConfig } from '../../src/platform/config/app-config.js';
import { KafkaService } from '../../src/platform/kafka/kafka.service.js';
import { HttpsReceiver } from '../support/https-receiver.js';
import { envelope, eventually, PipelineFixtures } from '../support/pipeline-fixtures.js';
import { testConfig, uniqueId } from '../support/test-config.js';
import { pipelineTopology } from '../../src/topology.js';

/**
 * Two deployments (two KAFKA_TOPIC_PREFIXes) on one Kafka cluster: with the default group prefix,
 * derived from the topic prefix, both deliver everything; configured with the same group names,
 * the second stops at boot naming the group, instead of stalling both silently.
 */
describe('fleet: deployments isolated on a shared cluster', () => {
  const receiver = new HttpsReceiver();
  const apps: INestApplication[] = [];
  const services: KafkaService[] = [];
  let fixtures: PipelineFixtures;

  beforeAll(() => receiver.start());
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const kafka of services) await kafka.onModuleDestroy();
    await fixtures?.close();
    await receiver.stop();
  });

  const deployment = async (overrides: Record<string, string>) => {
    const config = testConfig({
      ROLES: 'ingest,delivery',
      EGRESS_CA_FILE: receiver.caFile,
      INGEST_DATA_VALIDATION: 'off',
      ...overrides,
    });
    const kafka = new KafkaService(config, pipelineTopology(config));
    await kafka.start();
    services.push(kafka);
    fixtures ??= new PipelineFixtures(kafka);
    return { config, kafka };
  };
  const publish = (kafka: KafkaService, config: AppConfig, tenant: string, count: number) => {
    const events = Array.from({ length: count }, (_, i) => envelope('order.created', { n: i }));
    return kafka
      .send(
        config.ingestTopics[0],
        events.map((e) => ({ value: JSON.stringify(e), headers: { 'tenant-id': tenant } })),
      )
      .then(() => events);
  };

  it('delivers every event of each of two deployments, each in its own groups', async () => {
    const [one, two] = [await deployment({ KAFKA_GROUP_PREFIX: '' }), await deployment({ KAFKA_GROUP_PREFIX: '' })];
    expect(one.config.groupPrefix).toBe(`hookline.${one.config.env.KAFKA_TOPIC_PREFIX}`);
    expect(one.config.groupPrefix).not.toBe(two.config.groupPrefix);
    const tenants = [uniqueId('tenant-'), uniqueId('tenant-')];
    await fixtures.insertSubscription({ tenantId: tenants[0], url: receiver.url('/one'), events: ['*'] });
    await fixtures.insertSubscription({ tenantId: tenants[1], url: receiver.url('/two'), events: ['*'] });
    apps.push(await startApp(one.config), await startApp(two.config));
    const sent = [
      await publish(one.kafka, one.config, tenants[0], 20),
      await publish(two.kafka, two.config, tenants[1], 20),
    ];
    const got = (path: string) => new Set(receiver.deliveries(path).map((r) => r.headers['webhook-id']));
    await eventually(
      () => sent[0].every((e) => got('/one').has(e.id)) && sent[1].every((e) => got('/two').has(e.id)),
      30_000,
      'both deployments delivered 20/20',
    );
  }, 90_000);

  it('stops the start of a deployment whose groups another deployment already uses', async () => {
    const shared = uniqueId('shared');
    const first = await deployment({ KAFKA_GROUP_PREFIX: shared, ROLES: 'delivery' });
    apps.push(await startApp(first.config));
    const second = await deployment({ KAFKA_GROUP_PREFIX: shared, ROLES: 'delivery' });
    await expect(startApp(second.config)).rejects.toThrow(
      new RegExp(`consumer group ${shared}\\.delivery has members reading .*KAFKA_GROUP_PREFIX`),
    );
  }, 90_000);
});
