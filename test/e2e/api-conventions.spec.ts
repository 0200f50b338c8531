import type { INestApplication } from '@nestjs/common';
import pg from 'pg';
import { startApp } from '../../src/bootstrap.js';
import { ApiKeysService } from '../../src/modules/auth/api-keys.service.js';
import { ApiClient, expectErrorBody } from '../support/api-client.js';
import { HttpsReceiver } from '../support/https-receiver.js';
import { TEST_DATABASE_URL, testConfig, uniqueId } from '../support/test-config.js';

/** Conventions shared by every endpoint: auth, idempotency, batch, negotiation, deprecation, OpenAPI. */
describe('REST API conventions', () => {
  const receiver = new HttpsReceiver();
  const db = new pg.Pool({ connectionString: TEST_DATABASE_URL, max: 1 });
  const tenant = uniqueId('conv');
  const key = uniqueId('keyC_').padEnd(24, 'c');
  let app: INestApplication;
  let api: ApiClient;

  const count = async () => (await db.query('SELECT 1 FROM subscriptions WHERE tenant_id = $1', [tenant])).rowCount;

  beforeAll(async () => {
    await receiver.start();
    app = await startApp(
      testConfig({ API_KEYS: `${tenant}:${key}`, EGRESS_CA_FILE: receiver.caFile, API_BODY_LIMIT: '65536' }),
    );
    api = ApiClient.for(app, key);
  });

  afterAll(async () => {
    await app?.close();
    await receiver.stop();
    await db.end();
  });

  it('answers 401 without or with a bad key, 403 without the scope', async () => {
    expectErrorBody(await api.raw.get('/v1/webhooks', { key: null }), 401, 'UNAUTHENTICATED');
    expectErrorBody(await api.raw.get('/v1/webhooks', { key: 'not-a-real-key-0000000000' }), 401, 'UNAUTHENTICATED');
    const readOnly = await app.get(ApiKeysService).create(tenant, ['read']);
    expect((await api.raw.get('/v1/webhooks', { key: readOnly.key })).status).toBe(200);
    expectErrorBody(
      await api.raw.post('/v1/webhooks', { url: receiver.url(), events: ['*'] }, { key: readOnly.key }),
      403,
      'FORBIDDEN',
    );
    const stored = await db.query('SELECT key_hash FROM api_keys WHERE id = $1', [readOnly.id]);
    expect(stored.rows[0].key_hash).not.toContain(readOnly.key);
  });

  it('replays an Idempotency-Key: same response, no second row; another body is refused', async () => {
    const body = { url: receiver.url('/idem'), events: ['order.created'] };
    const headers = { 'idempotency-key': uniqueId('idem') };
    const first = await api.raw.post('/v1/webhooks', body, { headers });
    expect(first.status).toBe(201);
    const requestsAfterFirst = receiver.requests.length;
    const again = await api.raw.post('/v1/webhooks', body, { headers });
    expect(again.status).toBe(201);
    expect(again.text).toBe(first.text);
    expect(again.headers.get('location')).toBe(first.headers.get('location'));
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(receiver.requests.length).toBe(requestsAfterFirst);
    expect(await count()).toBe(1);
    const different = await api.raw.post('/v1/webhooks', { ...body, description: 'other' }, { headers });
    expectErrorBody(different, 422, 'IDEMPOTENCY_KEY_REUSED');
  });

  it('creates a batch with one result per item and refuses item 101', async () => {
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
    const res = await api.raw.post('/v1/webhooks/batch', items);
    expect(res.status).toBe(200);
    expect(res.body.data.map((r: { index: number; status: number }) => [r.index, r.status])).toEqual([
      [0, 201],
      [1, 422],
      [2, 409],
    ]);
    expect(res.body.data[0].id).toEqual(expect.any(String));
    expect(res.body.data[1].error.code).toBe('VALIDATION_ERROR');
    const tooMany = Array.from({ length: 101 }, (_, i) => ({ url: receiver.url(`/m${i}`), events: ['*'] }));
    const before = receiver.requests.length;
    expectErrorBody(await api.raw.post('/v1/webhooks/batch', tooMany), 422, 'BATCH_TOO_LARGE');
    expect(receiver.requests.length).toBe(before);
  });

  it('lists the event catalog with JSON Schemas', async () => {
    // Other suites define their own types in the shared database: the shipped ones are `builtin`.
    const res = await api.raw.get('/v1/event-types?source=builtin');
    expect(res.body.data.map((t: { type: string }) => t.type)).toEqual([
      'order.created',
      'order.updated',
      'payment.failed',
      'payment.succeeded',
    ]);
    expect(res.body.data[0].schema).toMatchObject({ type: 'object', required: expect.any(Array) });
    expectErrorBody(await api.raw.get('/v1/event-types/nope.nope'), 404, 'NOT_FOUND');
  });

  it('negotiates: 406 for an Accept it cannot produce, 415 for a Content-Type it cannot read, 413 past the limit', async () => {
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
    const res = await api.raw.get('/v1/nowhere', { headers: { 'x-request-id': 'client-chosen-id-123' } });
    expectErrorBody(res, 404, 'NOT_FOUND');
    expect(res.headers.get('x-request-id')).toBe('client-chosen-id-123');
    expect(res.body.error.request_id).toBe('client-chosen-id-123');
    for (const name of ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset']) {
      expect(Number(res.headers.get(name))).toBeGreaterThanOrEqual(0);
    }
  });

  it('marks the deprecated rotation path with Deprecation, Sunset and a successor link', async () => {
    const created = await api.raw.post('/v1/webhooks', { url: receiver.url('/dep'), events: ['payment.failed'] });
    const res = await api.raw.post(`/v1/webhooks/${created.body.id}/rotate-secret`, {});
    expect(res.status).toBe(201);
    expect(res.headers.get('deprecation')).toMatch(/^@\d+$/);
    expect(new Date(res.headers.get('sunset')!).toISOString()).toBe('2026-12-31T00:00:00.000Z');
    expect(res.headers.get('link')).toContain('rel="successor-version"');
    const current = await api.raw.post(`/v1/webhooks/${created.body.id}/secret-rotations`, {});
    expect(current.headers.get('deprecation')).toBeNull();
  });

  it('serves the OpenAPI document and the interactive docs', async () => {
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
  const tenant = uniqueId('rl');
  const key = uniqueId('keyR_').padEnd(24, 'r');
  let app: INestApplication;

  beforeAll(async () => {
    app = await startApp(testConfig({ API_KEYS: `${tenant}:${key}`, API_RATE_LIMIT_PER_MINUTE: '5' }));
  });

  afterAll(async () => {
    await app?.close();
  });

  it('answers 429 with Retry-After once the window is spent', async () => {
    const api = ApiClient.for(app, key);
    const seen = [];
    for (let i = 0; i < 6; i++) seen.push(await api.raw.get('/v1/event-types'));
    // The window may roll over mid-test; then the count restarts and one more request is needed.
    if (seen[5].status !== 429)
      seen.push(...(await Promise.all([1, 2, 3, 4, 5].map(() => api.raw.get('/v1/event-types')))));
    const limited = seen.find((r) => r.status === 429)!;
    expectErrorBody(limited, 429, 'RATE_LIMITED');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(limited.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(seen[0].headers.get('x-ratelimit-limit')).toBe('5');
  });
});
