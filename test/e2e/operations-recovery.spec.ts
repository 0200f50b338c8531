import { randomBytes, randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { startApp } from '../../src/bootstrap.js';
import { KafkaService } from '../../src/platform/kafka/kafka.service.js';
import { ApiClient, expectErrorBody } from '../support/api-client.js';
import { HttpsReceiver } from '../support/https-receiver.js';
import { expectMonotonic, follow } from '../support/operation-polling.js';
import { OperationsSeed, type SeedAttempt, type SeedEvent } from '../support/operations-seed.js';
import { PipelineFixtures } from '../support/pipeline-fixtures.js';
import { testConfig, uniqueId } from '../support/test-config.js';
import { pipelineTopology } from '../../src/topology.js';

const MIN = 60_000;

/**
 * Recovery re-delivers exactly the subscription's events of the window whose latest attempt
 * failed, with their original ids and payloads, through the real pipeline to a real HTTPS
 * receiver; a dry run only counts; the request is idempotent and validated.
 */
describe('operations: recovery of failed deliveries', () => {
  const tenant = uniqueId('tenant-');
  const otherTenant = uniqueId('tenant-');
  const key = `hk_${randomBytes(16).toString('hex')}`;
  const otherKey = `hk_${randomBytes(16).toString('hex')}`;
  const receiver = new HttpsReceiver();
  let kafka: KafkaService;
  let fixtures: PipelineFixtures;
  let app: INestApplication;
  let api: ApiClient;
  let sub: string;
  let otherSub: string;
  const now = Date.now();
  const since = new Date(now - 30 * MIN);
  const until = new Date(now - MIN);
  const at = (minutesAgo: number) => new Date(now - minutesAgo * MIN);
  const ev = (label: string) => `evt_${label}_${randomUUID()}`;
  const ids = {
    failed: [ev('failed1'), ev('failed2'), ev('failed3')],
    retriedToSuccess: ev('retried'),
    succeeded: ev('succeeded'),
    neverAttempted: ev('never'),
    beforeWindow: ev('before'),
    otherSubscription: ev('othersub'),
    otherTenant: ev('othertenant'),
  };

  beforeAll(async () => {
    await receiver.start();
    const config = testConfig({
      ROLES: 'api,delivery,operations',
      EGRESS_CA_FILE: receiver.caFile,
      API_KEYS: `${tenant}:${key},${otherTenant}:${otherKey}`,
      OPERATIONS_POLL_MS: '100',
      API_RATE_LIMIT_PER_MINUTE: '1000000',
    });
    kafka = new KafkaService(config, pipelineTopology(config));
    await kafka.start();
    fixtures = new PipelineFixtures(kafka);
    sub = await fixtures.insertSubscription({ tenantId: tenant, url: receiver.url('/hook'), events: ['order.*'] });
    otherSub = await fixtures.insertSubscription({ tenantId: tenant, url: receiver.url('/other'), events: ['*'] });
    const foreignSub = await fixtures.insertSubscription({
      tenantId: otherTenant,
      url: receiver.url('/foreign'),
      events: ['*'],
    });

    const seed = new OperationsSeed(fixtures.db, tenant);
    const event = (id: string, minutesAgo: number, subs = [sub]): SeedEvent => ({
      id,
      type: 'order.created',
      receivedAt: at(minutesAgo),
      subscriptionIds: subs,
      data: { original: id },
    });
    const attempt = (eventId: string, minutesAgo: number, outcome: SeedAttempt['outcome'], n = 1, s = sub) => ({
      subscriptionId: s,
      eventId,
      eventType: 'order.created',
      at: new Date(at(minutesAgo).getTime() + 1000 * n),
      outcome,
      attempt: n,
    });
    await seed.events([
      event(ids.failed[0], 20),
      event(ids.failed[1], 15, [otherSub, sub]),
      event(ids.failed[2], 10),
      // The same event stored twice (its ingest record was redelivered): recovered once.
      event(ids.failed[2], 9),
      event(ids.retriedToSuccess, 12),
      event(ids.succeeded, 11),
      event(ids.neverAttempted, 8),
      event(ids.beforeWindow, 40),
      event(ids.otherSubscription, 14, [otherSub]),
    ]);
    await seed.attempts([
      attempt(ids.failed[0], 20, 'http_error'),
      attempt(ids.failed[1], 15, 'success', 1, otherSub),
      attempt(ids.failed[1], 15, 'timeout'),
      attempt(ids.failed[2], 10, 'success'),
      attempt(ids.failed[2], 10, 'connect_error', 2),
      attempt(ids.retriedToSuccess, 12, 'http_error'),
      attempt(ids.retriedToSuccess, 12, 'success', 2),
      attempt(ids.succeeded, 11, 'success'),
      attempt(ids.beforeWindow, 40, 'http_error'),
      attempt(ids.otherSubscription, 14, 'http_error', 1, otherSub),
    ]);
    const foreign = new OperationsSeed(fixtures.db, otherTenant);
    await foreign.events([{ ...event(ids.otherTenant, 10, [foreignSub]) }]);
    await foreign.attempts([{ ...attempt(ids.otherTenant, 10, 'http_error', 1, foreignSub) }]);

    app = await startApp(config);
    api = ApiClient.for(app, key);
  });

  afterAll(async () => {
    await app?.close();
    await kafka?.onModuleDestroy();
    await fixtures?.close();
    await receiver.stop();
  });

  const body = { since: since.toISOString(), until: until.toISOString(), status: 'failed' };

  it('re-delivers exactly the failed events of the window, with their original ids, and reaches 100 %', async () => {
    const started = await api.raw.post(`/v1/webhooks/${sub}/recoveries`, body);
    expect(started.status).toBe(202);
    expect(started.body).toEqual({ id: expect.any(String), status: 'PENDING' });
    expect(started.headers.get('location')).toBe(`/v1/operations/${started.body.id}`);

    const { final, samples } = await follow(api, started.body.id);
    expectMonotonic(samples);
    expect(final).toMatchObject({
      id: started.body.id,
      kind: 'recovery',
      status: 'COMPLETED',
      progress: 100,
      estimated_completion: null,
      result_url: `/v1/operations/${started.body.id}/result`,
      parameters: { subscription_id: sub, ...body, dry_run: false },
      result: { matched: 3, redelivered: 3, dry_run: false },
    });
    expect(final.error).toBeUndefined();
    expect(Date.parse(final.finished_at)).toBeGreaterThanOrEqual(Date.parse(final.started_at));
    const result = await api.raw.get(final.result_url);
    expect(result.body).toEqual({
      operation_id: final.id,
      kind: 'recovery',
      matched: 3,
      redelivered: 3,
      dry_run: false,
    });

    await receiver.waitFor((all) => all.filter((r) => r.path === '/hook').length >= 3);
    await new Promise((r) => setTimeout(r, 1500)); // nothing else arrives
    const delivered = receiver.deliveries('/hook').map((r) => JSON.parse(r.body));
    expect(delivered.map((e) => e.id).sort()).toEqual([...ids.failed].sort());
    for (const event of delivered) {
      expect(event).toMatchObject({ type: 'order.created', data: { original: event.id } });
      expect(receiver.deliveries('/hook').find((r) => r.headers['webhook-id'] === event.id)).toBeDefined();
    }
    expect(receiver.deliveries('/other')).toHaveLength(0);
    expect(receiver.deliveries('/foreign')).toHaveLength(0);

    // The delivery log tells the recovered attempts apart: trigger manual, attempt 1.
    const log = await api.raw.get(`/v1/webhooks/${sub}/deliveries?event_id=${ids.failed[0]}`);
    expect(log.body.data[0]).toMatchObject({
      event_id: ids.failed[0],
      trigger: 'manual',
      attempt: 1,
      outcome: 'success',
    });
  });

  it('a dry run counts every event of the window (status all) and delivers nothing', async () => {
    const before = receiver.requests.length;
    const started = await api.raw.post(`/v1/webhooks/${sub}/recoveries`, { ...body, status: 'all', dry_run: true });
    expect(started.status).toBe(202);
    const { final } = await follow(api, started.body.id);
    // failed ×3 (one stored twice), retried, succeeded, never attempted; not before the window nor other subscriptions.
    expect(final).toMatchObject({
      status: 'COMPLETED',
      progress: 100,
      result: { matched: 6, redelivered: 0, dry_run: true },
    });
    await new Promise((r) => setTimeout(r, 500));
    expect(receiver.requests.length).toBe(before);
  });

  it('a repeated Idempotency-Key returns the same operation without starting another', async () => {
    const idempotencyKey = randomUUID();
    const options = { headers: { 'idempotency-key': idempotencyKey } };
    const dry = { ...body, dry_run: true };
    const first = await api.raw.post(`/v1/webhooks/${sub}/recoveries`, dry, options);
    const second = await api.raw.post(`/v1/webhooks/${sub}/recoveries`, dry, options);
    expect(first.status).toBe(202);
    expect(second.status).toBe(202);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get('location')).toBe(`/v1/operations/${first.body.id}`);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    const listed = await api.raw.get('/v1/operations?kind=recovery&limit=100');
    expect(
      listed.body.data.filter(
        (o: { parameters: { dry_run: boolean; status: string } }) =>
          o.parameters.dry_run && o.parameters.status === 'failed',
      ),
    ).toHaveLength(1);
  });

  it('validates the request: window order, retention, unknown or foreign subscription', async () => {
    const reversed = await api.raw.post(`/v1/webhooks/${sub}/recoveries`, {
      since: until.toISOString(),
      until: since.toISOString(),
    });
    expectErrorBody(reversed, 422, 'VALIDATION_ERROR');
    expect(reversed.body.error.details).toEqual([expect.objectContaining({ field: 'since', code: 'OUT_OF_RANGE' })]);

    const ancient = await api.raw.post(`/v1/webhooks/${sub}/recoveries`, { since: '2001-01-01T00:00:00Z' });
    expectErrorBody(ancient, 422, 'VALIDATION_ERROR');
    expect(ancient.body.error.details[0].message).toMatch(/within the last 30 days/);

    const bad = await api.raw.post(`/v1/webhooks/${sub}/recoveries`, { since: 'yesterday', status: 'some', extra: 1 });
    expectErrorBody(bad, 422, 'VALIDATION_ERROR');
    expect(bad.body.error.details.map((d: { field: string }) => d.field).sort()).toEqual(['extra', 'since', 'status']);

    expectErrorBody(await api.raw.post(`/v1/webhooks/${randomUUID()}/recoveries`, body), 404, 'NOT_FOUND');
    expectErrorBody(await api.as(otherKey).raw.post(`/v1/webhooks/${sub}/recoveries`, body), 404, 'NOT_FOUND');
    expectErrorBody(await api.as(null).raw.post(`/v1/webhooks/${sub}/recoveries`, body), 401, 'UNAUTHENTICATED');
  });

  it("keeps tenants apart: another tenant's operation is not found", async () => {
    const mine = await api.raw.get('/v1/operations?limit=1');
    const id = mine.body.data[0].id;
    expectErrorBody(await api.as(otherKey).raw.get(`/v1/operations/${id}`), 404, 'NOT_FOUND');
    expectErrorBody(await api.as(otherKey).raw.post(`/v1/operations/${id}/cancellation`), 404, 'NOT_FOUND');
    expect((await api.as(otherKey).raw.get('/v1/operations')).body.data).toEqual([]);
    expectErrorBody(await api.raw.get('/v1/operations/not-a-uuid'), 404, 'NOT_FOUND');
  });
});
