import type { INestApplication } from '@nestjs/common';
import { startApp } from '../../src/bootstrap.js';
import type { AppConfig } from '../../src/platform/config/app-config.js';
import { KafkaService } from '../../src/platform/kafka/kafka.service.js';
import { ApiClient } from '../support/api-client.js';
import { HttpsReceiver } from '../support/https-receiver.js';
import { envelope, eventually } from '../support/pipeline-fixtures.js';
import { testConfig, uniqueId } from '../support/test-config.js';
import { pipelineTopology } from '../../src/topology.js';

/**
 * Registration is read-your-writes, across instances: subscriptions are created and changed through
 * instance A (api only) and events are ingested by instance B (ingest, delivery). An event published
 * after the API answered is matched against that change, never against an older table.
 */
describe('pipeline: an event is matched against every change committed before it was published', () => {
  const tenant = uniqueId('tenant-');
  const key = uniqueId('key_').padEnd(24, 'k');
  const receiver = new HttpsReceiver();
  let config: AppConfig;
  let kafka: KafkaService;
  let apiInstance: INestApplication;
  let pipelineInstance: INestApplication;
  let api: ApiClient;

  beforeAll(async () => {
    await receiver.start();
    config = testConfig({
      API_KEYS: `${tenant}:${key}`,
      EGRESS_CA_FILE: receiver.caFile,
      INGEST_DATA_VALIDATION: 'off',
    });
    const env = { ...config.env } as unknown as Record<string, string>;
    kafka = new KafkaService(config, pipelineTopology(config));
    await kafka.start();
    apiInstance = await startApp(testConfig({ ...stringify(env), ROLES: 'api' }));
    pipelineInstance = await startApp(testConfig({ ...stringify(env), ROLES: 'ingest,delivery,retry' }));
    api = ApiClient.for(apiInstance, key);
  });
  afterAll(async () => {
    await pipelineInstance?.close();
    await apiInstance?.close();
    await kafka?.onModuleDestroy();
    await receiver.stop();
  });

  const publish = (events: object[]) =>
    kafka.send(
      config.ingestTopics[0],
      events.map((e) => ({ value: JSON.stringify(e), headers: { 'tenant-id': tenant } })),
    );
  const deliveredTo = (path: string) => new Set(receiver.deliveries(path).map((r) => r.headers['webhook-id']));
  const create = async (path: string, events: string[]) => {
    const created = await api.raw.post('/v1/webhooks', { url: receiver.url(path), events });
    expect(created.status).toBe(201);
    return created.body.id as string;
  };

  it('delivers all of 1,000 events published the moment POST /v1/webhooks answers 201, three runs in a row', async () => {
    for (let run = 0; run < 3; run++) {
      const path = `/burst-${run}`;
      await create(path, ['order.*']);
      const events = Array.from({ length: 1000 }, (_, i) => envelope('order.created', { n: i }));
      await publish(events);
      await eventually(() => deliveredTo(path).size === 1000, 60_000, `run ${run}: 1,000 delivered`);
    }
  }, 200_000);

  it('loses nothing in 20 rounds of create-then-publish', async () => {
    for (let round = 0; round < 20; round++) {
      const path = `/round-${round}`;
      await create(path, ['payment.succeeded']);
      const events = Array.from({ length: 10 }, (_, i) => envelope('payment.succeeded', { round, i }));
      await publish(events);
      await eventually(() => deliveredTo(path).size === 10, 20_000, `round ${round}: 10 delivered`);
    }
  }, 200_000);

  it('stops delivering a type the moment a PATCH removing it answers, and starts one it adds', async () => {
    const path = '/patched';
    const id = await create(path, ['order.created', 'order.updated']);
    const patched = await api.raw.patch(`/v1/webhooks/${id}`, { events: ['order.updated', 'payment.failed'] });
    expect(patched.status).toBe(200);
    const removed = Array.from({ length: 100 }, () => envelope('order.created'));
    const added = Array.from({ length: 100 }, () => envelope('payment.failed'));
    const kept = Array.from({ length: 100 }, () => envelope('order.updated'));
    await publish([...removed, ...added, ...kept]);
    await eventually(() => deliveredTo(path).size >= 200, 30_000, 'added and kept types delivered');
    await new Promise((r) => setTimeout(r, 1000));
    const seen = deliveredTo(path);
    expect(removed.filter((e) => seen.has(e.id))).toEqual([]);
    expect(added.every((e) => seen.has(e.id)) && kept.every((e) => seen.has(e.id))).toBe(true);
  }, 60_000);

  it('stops delivering the moment a DELETE answers', async () => {
    const path = '/deleted';
    const id = await create(path, ['payment.failed']);
    expect((await api.raw.request('DELETE', `/v1/webhooks/${id}`)).status).toBe(204);
    const marker = await create('/marker', ['payment.failed']);
    const events = Array.from({ length: 100 }, () => envelope('payment.failed'));
    await publish(events);
    await eventually(() => deliveredTo('/marker').size === 100, 30_000, 'marker subscription got them');
    expect(deliveredTo(path).size).toBe(0);
    expect(marker).toBeDefined();
  }, 60_000);
});

function stringify(env: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(Object.entries(env).map(([k, v]) => [k, String(v)]));
}
