import { ApiKeysService } from '../../src/modules/auth/api-keys.service.js';
import { byId, expectBody, expectData, expectErrorBody } from '../support/api-client.js';
import { PipelineHarness } from '../support/harness.js';
import { uniqueId } from '../support/test-config.js';

/** Conventions shared by every endpoint: auth, idempotency, batch, negotiation, deprecation, OpenAPI. */
describe('REST API conventions', () => {
  let h: PipelineHarness;

  beforeAll(async () => {
    h = await PipelineHarness.start({ env: { API_BODY_LIMIT: '65536' } });
  });
  afterAll(() => h?.close());

  const count = async () =>
    (await h.fixtures.db.query('SELECT 1 FROM subscriptions WHERE tenant_id = $1', [h.tenant])).rowCount;
  /** POST /webhooks under an Idempotency-Key, the answer read as text (a replay must be the same bytes). */
  const createOnce = (body: { url: string; events: string[] }, idempotencyKey: string) =>
    h.api.POST('/webhooks', { body, params: { header: { 'Idempotency-Key': idempotencyKey } }, parseAs: 'text' });

  it('answers 401 without or with a bad key, 403 without the scope', async () => {
    const { api, receiver } = h;
    expectErrorBody(await api.raw.get('/v1/webhooks', { key: null }), 401, 'UNAUTHENTICATED');
    expectErrorBody(await api.raw.get('/v1/webhooks', { key: 'not-a-real-key-0000000000' }), 401, 'UNAUTHENTICATED');
    const readOnly = await h.app.get(ApiKeysService).create(h.tenant, ['read']);
    expectData(await api.as(readOnly.key).GET('/webhooks'), 200);
    const refused = await api.as(readOnly.key).POST('/webhooks', { body: { url: receiver.url(), events: ['*'] } });
    expectErrorBody(refused, 403, 'FORBIDDEN');
    const stored = await h.fixtures.db.query('SELECT key_hash FROM api_keys WHERE id = $1', [readOnly.id]);
    expect(stored.rows[0].key_hash).not.toContain(readOnly.key);
  });

  it('replays an Idempotency-Key: same response, no second row; another body is refused', async () => {
    const { receiver } = h;
    const body = { url: receiver.url('/idem'), events: ['order.created'] };
    const idempotencyKey = uniqueId('idem');
    const first = await createOnce(body, idempotencyKey);
    expect(first.response.status).toBe(201);
    const requestsAfterFirst = receiver.requests.length;
    const again = await createOnce(body, idempotencyKey);
    expect(again.response.status).toBe(201);
    expect(again.data).toBe(first.data);
    expect(again.response.headers.get('location')).toBe(first.response.headers.get('location'));
    expect(again.response.headers.get('idempotent-replayed')).toBe('true');
    expect(receiver.requests.length).toBe(requestsAfterFirst);
    expect(await count()).toBe(1);
    const different = await h.api.POST('/webhooks', {
      body: { ...body, description: 'other' },
      params: { header: { 'Idempotency-Key': idempotencyKey } },
    });
    expectErrorBody(different, 422, 'IDEMPOTENCY_KEY_REUSED');
  });

  it('creates a batch with one result per item and refuses item 101', async () => {
    const { api, receiver } = h;
    // A body the document refuses (an http URL breaks the url pattern) is refused whole.
    const malformed = [
      { url: receiver.url('/b0'), events: ['order.created'] },
      { url: 'http://plain.example/', events: ['*'] },
    ];
    const refused = await api.raw.post('/v1/webhooks/batch', malformed);
    expectErrorBody(refused, 422, 'VALIDATION_ERROR');
    expect(refused.body.error.details).toEqual([expect.objectContaining({ field: '[1].url', code: 'NOT_HTTPS' })]);
    // What only the attempt can tell (a host that does not resolve, a conflict) is answered per item.
    const items = [
      { url: receiver.url('/b1'), events: ['order.created'] },
      { url: 'https://plain.invalid/', events: ['order.created'] },
      { url: receiver.url('/b1'), events: ['order.created'] },
    ];
    const res = expectBody(await api.POST('/webhooks/batch', { body: items }), 200);
    expect(res.data.map((r: { index: number; status: number }) => [r.index, r.status])).toEqual([
      [0, 201],
      [1, 422],
      [2, 409],
    ]);
    expect(res.data[0].id).toEqual(expect.any(String));
    expect(res.data[1].error.code).toBe('VALIDATION_ERROR');
    const tooMany = Array.from({ length: 101 }, (_, i) => ({ url: receiver.url(`/m${i}`), events: ['*'] }));
    const before = receiver.requests.length;
    expectErrorBody(await api.POST('/webhooks/batch', { body: tooMany }), 422, 'BATCH_TOO_LARGE');
    expect(receiver.requests.length).toBe(before);
  });

  it('lists the event catalog with JSON Schemas', async () => {
    const { api } = h;
    // Other suites define their own types in the shared database: the shipped ones are `builtin`.
    const res = expectBody(await api.GET('/event-types', { params: { query: { source: 'builtin' } } }), 200);
    expect(res.data.map((t: { type: string }) => t.type)).toEqual([
      'order.created',
      'order.updated',
      'payment.failed',
      'payment.succeeded',
    ]);
    expect(res.data[0].schema).toMatchObject({ type: 'object', required: expect.any(Array) });
    expectErrorBody(
      await api.GET('/event-types/{type}', { params: { path: { type: 'nope.nope' } } }),
      404,
      'NOT_FOUND',
    );
  });

  it('negotiates: 406 for an Accept it cannot produce, 415 for a Content-Type it cannot read, 413 past the limit', async () => {
    const { api, receiver } = h;
    const notAcceptable = await api.raw.get('/v1/webhooks', { headers: { accept: 'text/html' } });
    expectErrorBody(notAcceptable, 406, 'NOT_ACCEPTABLE');
    expect(notAcceptable.headers.get('x-ratelimit-limit')).toBeTruthy();
    const xml = await api.raw.request('POST', '/v1/webhooks', {
      raw: '<a/>',
      headers: { 'content-type': 'application/xml' },
    });
    expectErrorBody(xml, 415, 'UNSUPPORTED_MEDIA_TYPE');
    const huge = await api.raw.post('/v1/webhooks', {
      url: receiver.url(),
      events: ['*'],
      description: 'x'.repeat(70_000),
    });
    expectErrorBody(huge, 413, 'PAYLOAD_TOO_LARGE');
    const malformed = await api.raw.request('POST', '/v1/webhooks', {
      raw: '{"url":',
      headers: { 'content-type': 'application/json' },
    });
    expectErrorBody(malformed, 400, 'INVALID_FORMAT');
  });

  it('carries the request id and rate-limit headers on every response, errors included', async () => {
    const { api } = h;
    // A path outside the document: raw.
    const res = await api.raw.get('/v1/nowhere', { headers: { 'x-request-id': 'client-chosen-id-123' } });
    expectErrorBody(res, 404, 'NOT_FOUND');
    expect(res.headers.get('x-request-id')).toBe('client-chosen-id-123');
    expect(res.body.error.request_id).toBe('client-chosen-id-123');
    for (const name of ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset']) {
      expect(Number(res.headers.get(name))).toBeGreaterThanOrEqual(0);
    }
  });

  it('marks the deprecated rotation path with Deprecation, Sunset and a successor link', async () => {
    const { api, receiver } = h;
    const created = expectData(
      await api.POST('/webhooks', { body: { url: receiver.url('/dep'), events: ['payment.failed'] } }),
      201,
    );
    const res = await api.POST('/webhooks/{id}/rotate-secret', { ...byId(created.id), body: {} });
    expect(res.response.status).toBe(201);
    expect(res.response.headers.get('deprecation')).toMatch(/^@\d+$/);
    expect(new Date(res.response.headers.get('sunset')!).toISOString()).toBe('2026-12-31T00:00:00.000Z');
    expect(res.response.headers.get('link')).toContain('rel="successor-version"');
    const current = await api.POST('/webhooks/{id}/secret-rotations', { ...byId(created.id), body: {} });
    expect(current.response.headers.get('deprecation')).toBeNull();
  });

  it('serves the OpenAPI document and the interactive docs', async () => {
    const { api } = h;
    // The document itself is no operation of the document: raw.
    const doc = await api.raw.get('/v1/openapi.json', { key: null });
    expect(doc.status).toBe(200);
    expect(doc.body.openapi).toMatch(/^3\./);
    // The version is the server's base path; the paths are relative to it.
    expect(doc.body.servers).toEqual([{ url: '/v1' }]);
    expect(Object.keys(doc.body.paths)).toEqual(
      expect.arrayContaining(['/webhooks', '/webhooks/{id}', '/webhooks/batch', '/event-types']),
    );
    expect(Object.keys(doc.body.paths).filter((p) => p.startsWith('/v1'))).toEqual([]);
    expect(doc.body.paths['/webhooks/{id}/rotate-secret'].post.deprecated).toBe(true);
    const docs = await fetch(`${api.origin}/docs`);
    expect(docs.status).toBe(200);
    expect(await docs.text()).toContain('swagger');
  });
});

describe('REST API rate limits', () => {
  let h: PipelineHarness;

  beforeAll(async () => {
    h = await PipelineHarness.start({ env: { API_RATE_LIMIT_PER_MINUTE: '5' } });
  });
  afterAll(() => h?.close());

  it('answers 429 with Retry-After once the window is spent', async () => {
    const catalog = () => h.api.GET('/event-types');
    const seen = [];
    for (let i = 0; i < 6; i++) seen.push(await catalog());
    // The window may roll over mid-test; then the count restarts and one more request is needed.
    if (seen[5].response.status !== 429) seen.push(...(await Promise.all([1, 2, 3, 4, 5].map(catalog))));
    const limited = seen.find((r) => r.response.status === 429)!;
    expectErrorBody(limited, 429, 'RATE_LIMITED');
    expect(Number(limited.response.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(limited.response.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(seen[0].response.headers.get('x-ratelimit-limit')).toBe('5');
  });
});
