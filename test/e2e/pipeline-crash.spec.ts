import { KafkaService } from '../../src/platform/kafka/kafka.service.js';
import { envOf, freePort, ServiceProcess } from '../../src/devtools/service-process.js';
import { HttpsReceiver } from '../support/https-receiver.js';
import { envelope, eventually, PipelineFixtures } from '../support/pipeline-fixtures.js';
import { testConfig, uniqueId } from '../support/test-config.js';
import { pipelineTopology } from '../../src/topology.js';

const EVENTS = 10_000;

/**
 * At-least-once across a crash: the built service is killed with SIGKILL in the middle of a
 * 10,000-event stream and started again; every event reaches every matching subscription at least
 * once. Duplicates (expected: what was in flight and not yet committed) are counted and printed.
 * Needs dist/ (npx tsc -p tsconfig.build.json).
 */
describe('pipeline: kill -9 in the middle of a stream', () => {
  const tenant = uniqueId('tenant-');
  const receiver = new HttpsReceiver();
  let kafka: KafkaService;
  let fixtures: PipelineFixtures;
  let service: ServiceProcess;

  afterAll(async () => {
    await service?.stop();
    await kafka?.onModuleDestroy();
    await fixtures?.close();
    await receiver.stop();
  });

  it('delivers every event to every matching subscription at least once', async () => {
    await receiver.start();
    const config = testConfig({ EGRESS_CA_FILE: receiver.caFile });
    kafka = new KafkaService(config, pipelineTopology(config));
    await kafka.start();
    fixtures = new PipelineFixtures(kafka);
    await fixtures.insertSubscription({ tenantId: tenant, url: receiver.url('/orders'), events: ['order.*'] });
    await fixtures.insertSubscription({ tenantId: tenant, url: receiver.url('/everything'), events: ['*'] });
    await fixtures.insertSubscription({ tenantId: tenant, url: receiver.url('/payments'), events: ['payment.*'] });

    const env = envOf(config, {
      PORT: String(await freePort()),
      LOG_LEVEL: 'warn',
      ROLES: process.env.PIPELINE_TEST_ROLES ?? 'all',
    });
    service = new ServiceProcess(env);
    service.start();
    await service.waitReady();

    const ids = Array.from({ length: EVENTS }, () => envelope('order.created', {}).id);
    let published = 0;
    const publishing = (async () => {
      while (published < EVENTS) {
        const batch = ids.slice(published, published + 100);
        await kafka.send(
          config.ingestTopics[0],
          batch.map((id) => ({
            key: id,
            value: JSON.stringify({ ...envelope('order.created', { n: 1 }), id }),
            headers: { 'tenant-id': tenant },
          })),
        );
        published += batch.length;
        await new Promise((r) => setTimeout(r, 40));
      }
    })();

    await eventually(() => receiver.deliveries('/orders').length >= 3000, 60_000, '3000 deliveries before the crash');
    await service.kill9();
    const atCrash = { published, delivered: receiver.requests.length };
    service.start();
    await service.waitReady();
    await publishing;

    const pairs = () => new Set(receiver.requests.map((r) => `${r.path} ${r.headers['webhook-id']}`));
    await eventually(() => pairs().size === 2 * EVENTS, 180_000, 'every event at both subscriptions');
    await new Promise((r) => setTimeout(r, 2000));

    const unique = pairs();
    for (const id of ids) {
      expect(unique.has(`/orders ${id}`)).toBe(true);
      expect(unique.has(`/everything ${id}`)).toBe(true);
    }
    expect(receiver.deliveries('/payments')).toHaveLength(0);
    const duplicates = receiver.requests.length - unique.size;
    console.log(
      `kill -9 after ${atCrash.published} published / ${atCrash.delivered} delivered; ` +
        `${unique.size} (event, subscription) pairs delivered, ${receiver.requests.length} requests, ` +
        `${duplicates} duplicates (${((100 * duplicates) / unique.size).toFixed(2)} %)`,
    );
  }, 360_000);
});
