import { envOf, freePort, ServiceProcess } from '../../src/devtools/service-process.js';
import { KafkaService } from '../../src/platform/kafka/kafka.service.js';
import { HttpsReceiver } from '../support/https-receiver.js';
import { envelope, eventually, PipelineFixtures } from '../support/pipeline-fixtures.js';
import { testConfig, uniqueId } from '../support/test-config.js';
import { pipelineTopology } from '../../src/topology.js';

const EVENTS = 10_000;
const SUBSCRIPTIONS = [
  { path: '/orders-1', events: ['order.*'] },
  { path: '/orders-2', events: ['order.*'] },
  { path: '/payments-1', events: ['payment.*'] },
  { path: '/payments-2', events: ['payment.*'] },
];

/**
 * A fleet on the real stack, as an operator runs it: one built service with the api and ingest
 * roles, two with delivery and retry. 10,000 events stream in while one delivery instance is killed
 * with SIGKILL and started again; every event reaches both of its subscriptions (20,000 pairs),
 * nothing is lost, and the duplicates (what the killed instance had in flight) are counted and
 * printed. Serial: three service processes on two cores. Needs dist/.
 */
describe('fleet: api+ingest and two delivery instances, one killed -9 mid-stream', () => {
  const tenant = uniqueId('tenant-');
  const receiver = new HttpsReceiver();
  const services: ServiceProcess[] = [];
  let kafka: KafkaService;
  let fixtures: PipelineFixtures;

  afterAll(async () => {
    for (const s of services) await s.stop();
    await kafka?.onModuleDestroy();
    await fixtures?.close();
    await receiver.stop();
  });

  it('loses no event and counts the duplicates', async () => {
    await receiver.start();
    const config = testConfig({ EGRESS_CA_FILE: receiver.caFile, KAFKA_TOPIC_PARTITIONS: '4' });
    kafka = new KafkaService(config, pipelineTopology(config));
    await kafka.start();
    fixtures = new PipelineFixtures(kafka);
    for (const s of SUBSCRIPTIONS) {
      await fixtures.insertSubscription({ tenantId: tenant, url: receiver.url(s.path), events: s.events });
    }
    const start = async (roles: string) => {
      const service = new ServiceProcess(
        envOf(config, { PORT: String(await freePort()), LOG_LEVEL: 'warn', ROLES: roles }),
      );
      services.push(service);
      service.start();
      await service.waitReady();
      return service;
    };
    await start('api,ingest');
    const [victim] = [await start('delivery,retry'), await start('delivery,retry')];

    const events = Array.from({ length: EVENTS }, (_, i) =>
      envelope(i % 2 === 0 ? 'order.created' : 'payment.succeeded', { n: i }),
    );
    let published = 0;
    const publishing = (async () => {
      while (published < EVENTS) {
        const batch = events.slice(published, published + 200);
        await kafka.send(
          config.ingest.topics[0],
          batch.map((e) => ({ key: e.id, value: JSON.stringify(e), headers: { 'tenant-id': tenant } })),
        );
        published += batch.length;
        await new Promise((r) => setTimeout(r, 40));
      }
    })();

    await eventually(() => receiver.deliveries().length >= 4000, 90_000, '4,000 deliveries before the kill');
    await victim.kill9();
    const atKill = { published, delivered: receiver.deliveries().length };
    victim.start();
    await victim.waitReady();
    await publishing;

    const pairs = () => new Set(receiver.deliveries().map((r) => `${r.path} ${r.headers['webhook-id']}`));
    await eventually(() => pairs().size === 2 * EVENTS, 150_000, 'every event at both of its subscriptions');
    await new Promise((r) => setTimeout(r, 2000));

    const unique = pairs();
    const lost = events.filter((e, i) => {
      const paths = i % 2 === 0 ? ['/orders-1', '/orders-2'] : ['/payments-1', '/payments-2'];
      return paths.some((p) => !unique.has(`${p} ${e.id}`));
    });
    const requests = receiver.deliveries().length;
    const duplicates = requests - unique.size;
    console.log(
      `fleet kill -9 of one delivery instance after ${atKill.published} published / ${atKill.delivered} delivered: ` +
        `${lost.length} events lost, ${unique.size} (event, subscription) pairs, ${requests} requests, ` +
        `${duplicates} duplicates (${((100 * duplicates) / unique.size).toFixed(2)} %)`,
    );
    expect(lost).toEqual([]);
    expect(unique.size).toBe(2 * EVENTS);
  }, 300_000);
});
