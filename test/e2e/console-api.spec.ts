import { randomUUID } from 'node:crypto';
import { type ApiClient, expectBody, expectErrorBody } from '../support/api-client.js';
import { DocumentedAnswers } from '../support/documented-answer.js';
import { PipelineHarness } from '../support/harness.js';
import { OperationsSeed } from '../support/operations-seed.js';

const MIN = 60_000;

/**
 * What the console reads beyond the delivery log: per-minute statistics for the charts, the
 * request of an attempt rebuilt from the event store, the dead-letter list, and the static
 * console itself served at /console by the api role.
 */
describe('console: read endpoints and static files', () => {
  let h: PipelineHarness;
  let api: ApiClient;
  let otherKey: string;
  let sub: string;
  // Whole minutes before one instant fixed once, so each seeded attempt lands in a known bucket
  // even when the clock crosses a minute between seeding and asserting.
  const seededInMinute = Math.floor(Date.now() / MIN);
  const minute = (ago: number) => new Date((seededInMinute - ago) * MIN);
  const eventId = `evt_${randomUUID()}`;

  /** One event and its attempts up to 25 hours old: the attempt log accepts rows of any date (a default partition). */
  const seedAttempts = async (h: PipelineHarness) => {
    [sub] = h.subscriptionIds;
    const seed = new OperationsSeed(h.fixtures.db, h.tenant);
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
  };

  beforeAll(async () => {
    h = await PipelineHarness.start({
      tenants: 2,
      env: { ROLES: 'api' },
      subscriptions: [{ url: 'https://hooks.example.com/in', events: ['*'] }],
      beforeApp: seedAttempts,
    });
    api = h.api;
    otherKey = h.keys[1];
  });
  afterAll(() => h?.close());

  const stats = (id: string, hours?: number, client = api) =>
    client.GET('/webhooks/{id}/delivery-stats', { params: { path: { id }, query: hours ? { hours } : {} } });

  it('aggregates a subscription’s attempts per minute with counts by outcome and latency percentiles', async () => {
    const day = expectBody(await stats(sub), 200);
    expect(day).toMatchObject({ subscription_id: sub, bucket_seconds: 60 });
    expect(Date.parse(day.to) - Date.parse(day.from)).toBe(24 * 3_600_000);
    expect(day.totals).toEqual({ success: 6, http_error: 1, timeout: 1 });
    expect(day.buckets.slice(1)).toEqual([
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
    const lastHours = expectBody(await stats(sub, 1), 200);
    expect(lastHours.totals).toEqual({ success: 5, http_error: 1, timeout: 1 });
    expect(lastHours.buckets).toHaveLength(2);
  });

  it('is tenant-scoped and validates its query with the error body', async () => {
    expectErrorBody(await stats(sub, undefined, api.as(otherKey)), 404, 'NOT_FOUND');
    expectErrorBody(await stats(randomUUID()), 404, 'NOT_FOUND');
    expectErrorBody(await stats(sub, 25), 422, 'VALIDATION_ERROR');
    // Not a number, no key: outside the document, sent raw.
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

  it('answers the delivery log, an attempt, the statistics and the circuit exactly as documented', async () => {
    const documented = await DocumentedAnswers.of(api);
    const log = expectBody(await api.GET('/webhooks/{id}/deliveries', { params: { path: { id: sub } } }), 200);
    expect(log.data.length).toBeGreaterThan(5);
    expect(documented.problems('GET', '/webhooks/{id}/deliveries', 200, log)).toEqual([]);
    const byEvent = expectBody(await api.GET('/events/{eventId}/deliveries', { params: { path: { eventId } } }), 200);
    expect(documented.problems('GET', '/events/{eventId}/deliveries', 200, byEvent)).toEqual([]);
    const attemptId = log.data[0].id;
    const attempt = await api.GET('/webhooks/{id}/deliveries/{attemptId}', {
      params: { path: { id: sub, attemptId } },
    });
    expect(documented.problems('GET', '/webhooks/{id}/deliveries/{attemptId}', 200, expectBody(attempt, 200))).toEqual(
      [],
    );
    expect(documented.problems('GET', '/webhooks/{id}/delivery-stats', 200, expectBody(await stats(sub), 200))).toEqual(
      [],
    );
    const circuit = expectBody(await api.GET('/webhooks/{id}/circuit', { params: { path: { id: sub } } }), 200);
    expect(documented.problems('GET', '/webhooks/{id}/circuit', 200, circuit)).toEqual([]);
    // And the check itself bites: a member the document does not name.
    expect(documented.problems('GET', '/webhooks/{id}/circuit', 200, { ...circuit, extra: 1 })).not.toEqual([]);
  });

  it('shows an attempt with its request rebuilt from the event store, signatures masked', async () => {
    const list = await api.GET('/webhooks/{id}/deliveries', {
      params: { path: { id: sub }, query: { outcome: 'http_error' } },
    });
    const attemptId = expectBody(list, 200).data[0].id as string;
    const res = await api.GET('/webhooks/{id}/deliveries/{attemptId}', { params: { path: { id: sub, attemptId } } });
    const attempt = expectBody(res, 200);
    expect(attempt.request).toMatchObject({
      method: 'POST',
      url: 'https://hooks.example.com/in',
      reconstructed: true,
      body: { id: eventId, type: 'order.created' },
      headers: { 'content-type': 'application/json', 'webhook-id': eventId },
    });
    for (const name of ['webhook-signature', 'x-signature', 'x-webhook-signature'])
      expect(attempt.request.headers[name]).toMatch(/••/);
  });

  it('lists the tenant’s dead letters, newest first, filtered and paged', async () => {
    const seed = new OperationsSeed(h.fixtures.db, h.tenant);
    const ids = [];
    for (const [i, reason] of ['exhausted', 'gone', 'exhausted'].entries())
      ids.push(await seed.parked(sub, `evt_${i}`, reason, minute(9 - i)));
    await new OperationsSeed(h.fixtures.db, h.tenants[1]).deadLetter({
      subscriptionId: null,
      reason: 'gone',
      payload: null,
      at: minute(1),
    });
    const list = async (query: {
      limit?: number;
      after?: string;
      reason?: string;
      redriven?: boolean;
      event_id?: string;
    }) => expectBody(await api.GET('/dead-letters', { params: { query } }), 200);
    const all = await list({ limit: 2 });
    expect(all.data.map((d: { id: string }) => d.id)).toEqual([ids[2], ids[1]]);
    expect(all.data[0]).toMatchObject({
      reason: 'exhausted',
      event_id: 'evt_2',
      event_type: 'order.created',
      redriven_at: null,
    });
    const next = await list({ limit: 2, after: all.pagination.next_cursor });
    expect(next.data.map((d: { id: string }) => d.id)).toEqual([ids[0]]);
    expect(next.pagination).toEqual({ next_cursor: null, has_more: false });
    expect((await DocumentedAnswers.of(api)).problems('GET', '/dead-letters', 200, all)).toEqual([]);
    const gone = await list({ reason: 'gone', redriven: false });
    expect(gone.data.map((d: { id: string }) => d.id)).toEqual([ids[1]]);
    const one = await list({ event_id: 'evt_1' });
    expect(one.data.map((d: { id: string }) => d.id)).toEqual([ids[1]]);
    // Not a boolean, not a cursor: sent raw.
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
