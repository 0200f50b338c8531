import { execFile } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import type { INestApplication } from '@nestjs/common';
import { startApp } from '../../src/bootstrap.js';
import type { AppConfig } from '../../src/platform/config/app-config.js';
import { KafkaService } from '../../src/platform/kafka/kafka.service.js';
import { HttpsReceiver } from '../support/https-receiver.js';
import { envelope, eventually, PipelineFixtures } from '../support/pipeline-fixtures.js';
import { testConfig, uniqueId } from '../support/test-config.js';

const run = promisify(execFile);
const kafkaScript = new URL('../../deploy/local/kafka.sh', import.meta.url).pathname;

/**
 * The local broker is restarted while the service produces (several requests in flight): the
 * service is not ready while it cannot produce, heals by itself, and every event published before,
 * during and after the restart is delivered, with no restart of the service. Runs alone, after the
 * rest of the suite (make test's chaos step), because it takes the shared broker away.
 */
describe('chaos: the broker restarts mid-stream', () => {
  const tenant = uniqueId('tenant-');
  const receiver = new HttpsReceiver();
  let config: AppConfig;
  let kafka: KafkaService;
  let fixtures: PipelineFixtures;
  let app: INestApplication;
  let baseUrl: string;

  beforeAll(async () => {
    await receiver.start();
    config = testConfig({
      ROLES: 'ingest,delivery,retry,api',
      EGRESS_CA_FILE: receiver.caFile,
      INGEST_DATA_VALIDATION: 'off',
    });
    kafka = new KafkaService(config);
    await kafka.start();
    fixtures = new PipelineFixtures(kafka);
    await fixtures.insertSubscription({ tenantId: tenant, url: receiver.url('/a'), events: ['*'] });
    await fixtures.insertSubscription({ tenantId: tenant, url: receiver.url('/b'), events: ['order.*'] });
    app = await startApp(config);
    baseUrl = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
  }, 120_000);
  afterAll(async () => {
    await run(kafkaScript, ['up']).catch(() => undefined);
    await app?.close();
    await kafka?.onModuleDestroy();
    await fixtures?.close();
    await receiver.stop();
  }, 120_000);

  const publish = (events: object[]) =>
    kafka.send(
      config.ingestTopics[0],
      events.map((e) => ({ value: JSON.stringify(e), headers: { 'tenant-id': tenant } })),
    );
  const delivered = (events: { id: string }[]) => () => {
    const seen = (path: string) => new Set(receiver.deliveries(path).map((r) => r.headers['webhook-id']));
    const [a, b] = [seen('/a'), seen('/b')];
    return events.every((e) => a.has(e.id) && b.has(e.id));
  };
  const readyStatus = async () => (await fetch(`${baseUrl}/health/ready`)).status;

  it('delivers everything published before, during and after a broker restart, with no service restart', async () => {
    const before = Array.from({ length: 2000 }, (_, i) => envelope('order.created', { n: i }));
    // Publish in slices so that produce requests are in flight when the broker goes.
    const publishing = (async () => {
      for (let i = 0; i < before.length; i += 100) await publish(before.slice(i, i + 100));
    })();
    await new Promise((r) => setTimeout(r, 300));
    await run(kafkaScript, ['down']);
    await eventually(async () => (await readyStatus()) !== 200, 30_000, 'not ready while the broker is away');
    await run(kafkaScript, ['up']);
    await publishing;
    await eventually(async () => (await readyStatus()) === 200, 90_000, 'ready again');

    const after = Array.from({ length: 1000 }, (_, i) => envelope('order.updated', { n: i }));
    await publish(after);
    await eventually(delivered([...before, ...after]), 120_000, 'all 3,000 events delivered to both subscriptions');
    const metrics = await (await fetch(`${baseUrl}/metrics`)).text();
    expect(metrics).not.toMatch(/hookline_dlq_parked_total\{reason="processing_error"\} [1-9]/);
  }, 360_000);
});
