import type { INestApplication } from '@nestjs/common';
import { startApp } from '../../src/bootstrap.js';
import { KafkaService } from '../../src/platform/kafka/kafka.service.js';
import { HttpsReceiver } from '../support/https-receiver.js';
import { envelope, PipelineFixtures } from '../support/pipeline-fixtures.js';
import { testConfig, uniqueId } from '../support/test-config.js';
import { pipelineTopology } from '../../src/topology.js';

/**
 * No head-of-line blocking: one subscription's endpoint hangs for 30 s on every request, and the
 * other subscriptions' deliveries — on the same, single partition — still arrive at once.
 */
describe('pipeline: a hanging endpoint does not slow the others', () => {
  const tenant = uniqueId('tenant-');
  const receiver = new HttpsReceiver();
  let config: ReturnType<typeof testConfig>;
  let kafka: KafkaService;
  let fixtures: PipelineFixtures;
  let app: INestApplication;

  beforeAll(async () => {
    await receiver.start();
    receiver.responder = (req) => (req.path === '/hang' ? { status: 200, delayMs: 30_000 } : { status: 200 });
    config = testConfig({
      ROLES: 'api,ingest,delivery,operations',
      EGRESS_CA_FILE: receiver.caFile,
      KAFKA_TOPIC_PARTITIONS: '1',
      DELIVERY_TIMEOUT_MS: '30000',
      SHUTDOWN_TIMEOUT_MS: '1000',
    });
    kafka = new KafkaService(config, pipelineTopology(config));
    await kafka.start();
    fixtures = new PipelineFixtures(kafka);
    await fixtures.insertSubscription({ tenantId: tenant, url: receiver.url('/hang'), events: ['*'] });
    for (const path of ['/fast-a', '/fast-b'])
      await fixtures.insertSubscription({ tenantId: tenant, url: receiver.url(path), events: ['*'] });
    app = await startApp(config);
  });

  afterAll(async () => {
    await receiver.stop();
    await app?.close();
    await kafka?.onModuleDestroy();
    await fixtures?.close();
  });

  it('delivers to the healthy subscriptions while the hanging one holds its own slots', async () => {
    const events = Array.from({ length: 60 }, (_, i) => envelope('order.created', { n: i }));
    const sentAt = Date.now();
    // In waves, so that the hanging subscription's tasks sit between the healthy ones in the partition.
    for (let wave = 0; wave < 3; wave++) {
      await kafka.send(
        config.ingestTopics[0],
        events
          .slice(wave * 20, wave * 20 + 20)
          .map((e) => ({ key: null, value: JSON.stringify(e), headers: { 'tenant-id': tenant } })),
      );
      await new Promise((r) => setTimeout(r, 300));
    }
    await receiver.waitFor(
      () => receiver.deliveries('/fast-a').length === 60 && receiver.deliveries('/fast-b').length === 60,
      15_000,
    );
    const elapsed = Date.now() - sentAt;
    const hanging = receiver.deliveries('/hang').length;
    console.log(`healthy subscriptions: 120 deliveries in ${elapsed} ms; hanging endpoint holds ${hanging} requests`);
    // Far below the 30 s the hanging endpoint takes for even one answer.
    expect(elapsed).toBeLessThan(10_000);
    expect(hanging).toBeGreaterThan(0);
  });
});
