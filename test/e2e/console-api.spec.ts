import { randomBytes, randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { startApp } from '../../src/bootstrap.js';
import { KafkaService } from '../../src/platform/kafka/kafka.service.js';
import { ApiClient, expectErrorBody } from '../support/api-client.js';
import { OperationsSeed, parkedTask } from '../support/operations-seed.js';
import { PipelineFixtures } from '../support/pipeline-fixtures.js';
import { testConfig, uniqueId } from '../support/test-config.js';
import { pipelineTopology } from '../../src/topology.js';

const MIN = 60_000;

/**
 * What the console reads beyond the delivery log: per-minute statistics for the charts, the
 * request of an attempt rebuilt from the event store, the dead-letter list, and the static
 * console itself served at /console by the api role.
 */
describe('console: read endpoints and static files', () => {
  const tenant = uniqueId('tenant-');
  const other = uniqueId('tenant-');
  const key = `hk_${randomBytes(16).toString('hex')}`;
  const otherKey = `hk_${randomBytes(16).toString('hex')}`;
  let app: INestApplication;
  let kafka: KafkaService;
  let fixtures: PipelineFixtures;
  let api: ApiClient;
  let sub: string;
  // Whole minutes in the past, so each seeded attempt lands in a known bucket.
  const minute = (ago: number) => new Date((Math.floor(Date.now() / MIN) - ago) * MIN);
  const eventId = `evt_${randomUUID()}`;

  beforeAll(async () => {
    const config = testConfig({ ROLES: 'api', API_KEYS: `${tenant}:${key},${other}:${otherKey}` });
    kafka = new KafkaService(config, pipelineTopology(config));
    await kafka.start();
    fixtures = new PipelineFixtures(kafka);
    sub = await fixtures.insertSubscription({ tenantId: tenant, url: 'https://hooks.example.com/in', events: ['*'] });
    // Attempts up to 25 hours old: the attempt log accepts rows of any date (a default partition).
    const seed = new OperationsSeed(fixtures.db, tenant);
    await seed.events([{ id: eventId, type: 'order.created', receivedAt: minute(10), subscriptionIds: [sub] }]);
    const at = (ago: number, s: number) => new Date(minute(ago).getTime() + s * 1000);
    const attempt = (ago: number, s: number, outcome: 'success' | 'http_error' | 'timeout', ms: number) => ({
      subscriptionId: sub,
      eventId,
      eventType: 'order.created',
      at: at(ago, s),
      outcome,
      responseTimeMs: ms,
    });
    await seed.attempts([
      ...[10, 20, 30, 40, 100].map((ms, i) => attempt(5, i, 'success', ms)),
      attempt(5, 10, 'http_error', 200),
      attempt(3, 0, 'timeout', 30_000),
      attempt(60 * 25, 0, 'success', 1), // outside the 24 h window
      attempt(90, 0, 'success', 1), // inside 24 h, outside 1 h
    ]);
    app = await startApp(config);
    api = ApiClient.for(app, key);
  });

  afterAll(async () => {
    await app?.close();
    await kafka?.onModuleDestroy();
    await fixtures?.close();
  });

  it('aggregates a subscription’s attempts per minute with counts by outcome and latency percentiles', async () => {
    const res = await api.raw.get(`/v1/webhooks/${sub}/delivery-stats`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ subscription_id: sub, bucket_seconds: 60 });
    expect(Date.parse(res.body.to) - Date.parse(res.body.from)).toBe(24 * 3_600_000);
    expect(res.body.totals).toEqual({ success: 6, http_error: 1, timeout: 1 });
    expect(res.body.buckets.slice(1)).toEqual([
      // percentile_cont over 10, 20, 30, 40, 100, 200: p50 35, p95 175, p99 195
      {
        minute: minute(5).toISOString(),
        outcomes: { success: 5, http_error: 1 },
        p50_ms: 35,
        p95_ms: 175,
        p99_ms: 195,
      },
      { minute: minute(3).toISOString(), outcomes: { timeout: 1 }, p50_ms: 30_000, p95_ms: 30_000, p99_ms: 30_000 },
    ]);
    const lastHours = await api.raw.get(`/v1/webhooks/${sub}/delivery-stats?hours=1`);
    expect(lastHours.body.totals).toEqual({ success: 5, http_error: 1, timeout: 1 });
    expect(lastHours.body.buckets).toHaveLength(2);
  });

  it('is tenant-scoped and validates its query with the error body', async () => {
    expectErrorBody(await api.as(otherKey).raw.get(`/v1/webhooks/${sub}/delivery-stats`), 404, 'NOT_FOUND');
    expectErrorBody(await api.raw.get(`/v1/webhooks/${randomUUID()}/delivery-stats`), 404, 'NOT_FOUND');
    expectErrorBody(await api.raw.get(`/v1/webhooks/${sub}/delivery-stats?hours=25`), 422, 'VALIDATION_ERROR');
    expectErrorBody(await api.raw.get(`/v1/webhooks/${sub}/delivery-stats?hours=x`), 422, 'VALIDATION_ERROR');
    expectErrorBody(await api.as(null).raw.get(`/v1/webhooks/${sub}/delivery-stats`), 401);
  });

  it('is documented in the OpenAPI document', async () => {
    const doc = (await api.raw.get('/v1/openapi.json')).body;
    const op = doc.paths['/webhooks/{id}/delivery-stats'].get;
    expect(op.parameters.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['id', 'hours']));
    expect(op.responses['200'].content['application/json'].schema.$ref).toMatch(/DeliveryStats$/);
    expect(doc.paths['/dead-letters'].get).toBeDefined();
  });

  it('shows an attempt with its request rebuilt from the event store, signatures masked', async () => {
    const list = await api.raw.get(`/v1/webhooks/${sub}/deliveries?outcome=http_error`);
    const res = await api.raw.get(`/v1/webhooks/${sub}/deliveries/${list.body.data[0].id}`);
    expect(res.status).toBe(200);
    expect(res.body.request).toMatchObject({
      method: 'POST',
      url: 'https://hooks.example.com/in',
      reconstructed: true,
      body: { id: eventId, type: 'order.created' },
      headers: { 'content-type': 'application/json', 'webhook-id': eventId },
    });
    for (const name of ['webhook-signature', 'x-signature', 'x-webhook-signature'])
      expect(res.body.request.headers[name]).toMatch(/••/);
  });

  it('lists the tenant’s dead letters, newest first, filtered and paged', async () => {
    const seed = new OperationsSeed(fixtures.db, tenant);
    const ids = [];
    for (const [i, reason] of ['exhausted', 'gone', 'exhausted'].entries())
      ids.push(
        await seed.deadLetter({
          subscriptionId: sub,
          reason,
          payload: parkedTask(tenant, sub, `evt_${i}`),
          at: minute(9 - i),
        }),
      );
    await new OperationsSeed(fixtures.db, other).deadLetter({
      subscriptionId: null,
      reason: 'gone',
      payload: null,
      at: minute(1),
    });
    const all = await api.raw.get('/v1/dead-letters?limit=2');
    expect(all.status).toBe(200);
    expect(all.body.data.map((d: { id: string }) => d.id)).toEqual([ids[2], ids[1]]);
    expect(all.body.data[0]).toMatchObject({
      reason: 'exhausted',
      event_id: 'evt_2',
      event_type: 'order.created',
      redriven_at: null,
    });
    const next = await api.raw.get(`/v1/dead-letters?limit=2&after=${all.body.pagination.next_cursor}`);
    expect(next.body.data.map((d: { id: string }) => d.id)).toEqual([ids[0]]);
    expect(next.body.pagination).toEqual({ next_cursor: null, has_more: false });
    const gone = await api.raw.get('/v1/dead-letters?reason=gone&redriven=false');
    expect(gone.body.data.map((d: { id: string }) => d.id)).toEqual([ids[1]]);
    expectErrorBody(await api.raw.get('/v1/dead-letters?redriven=maybe&after=nope'), 422, 'VALIDATION_ERROR');
  });

  it('serves the console at /console with its own files only, under a strict CSP', async () => {
    const redirect = await fetch(`${api.origin}/console`, { redirect: 'manual' });
    expect(redirect.status).toBe(301);
    const page = await fetch(`${api.origin}/console/`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(page.headers.get('content-security-policy')).toMatch(/default-src 'self'/);
    const html = await page.text();
    const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    expect(assets.length).toBeGreaterThan(0);
    for (const asset of assets) {
      expect(asset).toMatch(/^\/console\//); // nothing from a CDN
      expect((await fetch(`${api.origin}${asset}`)).status).toBe(200);
    }
  });
});
