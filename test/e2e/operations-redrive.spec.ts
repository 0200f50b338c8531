import { randomBytes, randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { startApp } from '../../src/bootstrap.js';
import type { AppConfig } from '../../src/platform/config/app-config.js';
import { KafkaService } from '../../src/platform/kafka/kafka.service.js';
import { ApiClient, expectErrorBody } from '../support/api-client.js';
import { echoChallenge, HttpsReceiver } from '../support/https-receiver.js';
import { expectMonotonic, follow } from '../support/operation-polling.js';
import { OperationsSeed, parkedTask } from '../support/operations-seed.js';
import { envelope, eventually, PipelineFixtures } from '../support/pipeline-fixtures.js';
import { testConfig, uniqueId } from '../support/test-config.js';
import { pipelineTopology } from '../../src/topology.js';

const MIN = 60_000;

/**
 * DLQ redrive: parked delivery tasks go back through the pipeline (same event id and payload,
 * trigger manual) and their dead_letters rows are marked; filters, skips and tenant isolation
 * hold; and end to end, an event exhausted against a failing endpoint is delivered once it heals.
 */
describe('operations: dead-letter redrive', () => {
  const tenant = uniqueId('tenant-');
  const otherTenant = uniqueId('tenant-');
  const key = `hk_${randomBytes(16).toString('hex')}`;
  const receiver = new HttpsReceiver();
  let config: AppConfig;
  let kafka: KafkaService;
  let fixtures: PipelineFixtures;
  let seed: OperationsSeed;
  let app: INestApplication;
  let api: ApiClient;
  let subS: string;
  let subT: string;
  const parked: Record<string, string> = {};
  const events = { e1: `evt_${randomUUID()}`, e2: `evt_${randomUUID()}`, e3: `evt_${randomUUID()}` };
  let healthy = false;

  beforeAll(async () => {
    await receiver.start();
    receiver.responder = (req) =>
      req.path === '/flaky' && !healthy && !req.body.includes('url_verification')
        ? { status: 500 }
        : echoChallenge(req);
    config = testConfig({
      ROLES: 'all',
      EGRESS_CA_FILE: receiver.caFile,
      API_KEYS: `${tenant}:${key}`,
      OPERATIONS_POLL_MS: '100',
      API_RATE_LIMIT_PER_MINUTE: '1000000',
      RETRY_SCHEDULE: '200ms',
      RETRY_JITTER_PERCENT: '0',
    });
    kafka = new KafkaService(config, pipelineTopology(config));
    await kafka.start();
    fixtures = new PipelineFixtures(kafka);
    subS = await fixtures.insertSubscription({ tenantId: tenant, url: receiver.url('/s'), events: ['order.*'] });
    subT = await fixtures.insertSubscription({ tenantId: tenant, url: receiver.url('/t'), events: ['order.*'] });
    seed = new OperationsSeed(fixtures.db, tenant);
    const ago = (m: number) => new Date(Date.now() - m * MIN);
    parked.d1 = await seed.deadLetter({
      subscriptionId: subS,
      reason: 'exhausted',
      payload: parkedTask(tenant, subS, events.e1, 41),
      at: ago(10),
    });
    parked.d2 = await seed.deadLetter({
      subscriptionId: subS,
      reason: 'gone',
      payload: parkedTask(tenant, subS, events.e2),
      at: ago(8),
    });
    parked.d3 = await seed.deadLetter({
      subscriptionId: subT,
      reason: 'exhausted',
      payload: parkedTask(tenant, subT, events.e3),
      at: ago(7),
    });
    parked.poison = await seed.deadLetter({
      subscriptionId: null,
      reason: 'invalid_envelope',
      payload: null,
      at: ago(6),
    });
    parked.done = await seed.deadLetter({
      subscriptionId: subS,
      reason: 'exhausted',
      payload: parkedTask(tenant, subS, `evt_${randomUUID()}`),
      at: ago(5),
    });
    await fixtures.db.query(`UPDATE dead_letters SET redriven_at = now() WHERE id = $1`, [parked.done]);
    parked.foreign = await seed.deadLetter({
      tenantId: otherTenant,
      subscriptionId: subS,
      reason: 'exhausted',
      payload: parkedTask(otherTenant, subS, `evt_${randomUUID()}`),
      at: ago(5),
    });
    app = await startApp(config);
    api = ApiClient.for(app, key);
  });

  afterAll(async () => {
    await app?.close();
    await kafka?.onModuleDestroy();
    await fixtures?.close();
    await receiver.stop();
  });

  const redrive = async (body?: object) => {
    const started =
      body === undefined
        ? await api.raw.post('/v1/dead-letters/redrives')
        : await api.raw.post('/v1/dead-letters/redrives', body);
    expect(started.status).toBe(202);
    expect(started.body).toEqual({ id: expect.any(String), status: 'PENDING' });
    expect(started.headers.get('location')).toBe(`/v1/operations/${started.body.id}`);
    const { final, samples } = await follow(api, started.body.id);
    expectMonotonic(samples);
    expect(final).toMatchObject({ kind: 'redrive', status: 'COMPLETED', progress: 100 });
    return final;
  };
  const marks = async () => {
    const { rows } = await fixtures.db.query(
      `SELECT id, redriven_at, redriven_by FROM dead_letters WHERE id = ANY ($1::uuid[])`,
      [Object.values(parked)],
    );
    return Object.fromEntries(rows.map((r) => [r.id, r.redriven_by as string | null]));
  };
  const ids = (path: string) => receiver.deliveries(path).map((r) => r.headers['webhook-id']);

  it('redrives the filtered records only and marks them', async () => {
    const final = await redrive({ subscription_id: subS, reason: 'exhausted' });
    expect(final.result).toEqual({ matched: 1, redriven: 1, skipped: 0 });
    await receiver.waitFor(() => ids('/s').includes(events.e1));
    const delivered = JSON.parse(receiver.deliveries('/s')[0].body);
    expect(delivered).toMatchObject({ id: events.e1, data: { parked: events.e1 }, sequence: 41 });
    expect((await marks())[parked.d1]).toBe(final.id);
    expect((await marks())[parked.d2]).toBeNull();
    // The attempt row is written just after the receiver answered: wait for it rather than race it.
    const logged = async () =>
      (await api.raw.get(`/v1/webhooks/${subS}/deliveries?event_id=${events.e1}`)).body.data as object[];
    await eventually(async () => (await logged()).length > 0, 10_000, 'attempt in the delivery log');
    expect((await logged())[0]).toMatchObject({ trigger: 'manual', attempt: 1, outcome: 'success' });
  });

  it('without a body redrives every remaining record of the tenant; what is not a task is skipped', async () => {
    const final = await redrive();
    expect(final.result).toEqual({ matched: 3, redriven: 2, skipped: 1 });
    await receiver.waitFor(() => ids('/s').includes(events.e2) && ids('/t').includes(events.e3));
    await new Promise((r) => setTimeout(r, 1000));
    expect(ids('/s').sort()).toEqual([events.e1, events.e2].sort());
    expect(ids('/t')).toEqual([events.e3]);
    const m = await marks();
    expect([m[parked.d2], m[parked.d3]]).toEqual([final.id, final.id]);
    expect(m[parked.poison]).toBeNull();
    expect(m[parked.foreign]).toBeNull();

    const again = await redrive({});
    expect(again.result).toEqual({ matched: 1, redriven: 0, skipped: 1 }); // only the poison record is left
  });

  it('validates filters', async () => {
    const bad = await api.raw.post('/v1/dead-letters/redrives', { since: 'x', reason: 'Not A Reason', extra: true });
    expectErrorBody(bad, 422, 'VALIDATION_ERROR');
    expect(bad.body.error.details.map((d: { field: string }) => d.field).sort()).toEqual(['extra', 'reason', 'since']);
    expectErrorBody(await api.raw.post('/v1/dead-letters/redrives', [1]), 422, 'VALIDATION_ERROR');
    expectErrorBody(
      await api.raw.post('/v1/dead-letters/redrives', { subscription_id: randomUUID() }),
      404,
      'NOT_FOUND',
    );
    const late = new Date().toISOString();
    expectErrorBody(
      await api.raw.post('/v1/dead-letters/redrives', { since: late, until: '2020-01-01T00:00:00Z' }),
      422,
      'VALIDATION_ERROR',
    );
  });

  it('end to end: an event exhausted against a failing endpoint lands in the DLQ, and a redrive delivers it once healed', async () => {
    const flaky = await fixtures.insertSubscription({
      tenantId: tenant,
      url: receiver.url('/flaky'),
      events: ['payment.*'],
    });
    await fixtures.publishChange(config.env.KAFKA_TOPIC_PREFIX, flaky);
    await new Promise((r) => setTimeout(r, 500));
    const event = envelope('payment.failed', { amount: 42 });
    await kafka.send(config.ingestTopics[0], [
      { key: null, value: JSON.stringify(event), headers: { 'tenant-id': tenant } },
    ]);
    await eventually(
      async () =>
        (
          await fixtures.db.query(`SELECT 1 FROM dead_letters WHERE tenant_id = $1 AND subscription_id = $2`, [
            tenant,
            flaky,
          ])
        ).rowCount === 1,
      20_000,
      'the exhausted task indexed from the DLQ',
    );
    expect(receiver.deliveries('/flaky').length).toBe(2); // the first attempt and the one retry
    healthy = true;
    const final = await redrive({ subscription_id: flaky });
    expect(final.result).toEqual({ matched: 1, redriven: 1, skipped: 0 });
    await receiver.waitFor(() => receiver.deliveries('/flaky').length === 3);
    const last = receiver.deliveries('/flaky')[2];
    expect(last.headers['webhook-id']).toBe(event.id);
    expect(JSON.parse(last.body)).toMatchObject({ id: event.id, type: 'payment.failed', data: { amount: 42 } });
  });
});
