import type { INestApplication } from '@nestjs/common';
import pg from 'pg';
import { Webhook } from 'standardwebhooks';
import { startApp } from '../../src/bootstrap.js';
import { ApiClient, expectErrorBody } from '../support/api-client.js';
import { HttpsReceiver } from '../support/https-receiver.js';
import { TEST_DATABASE_URL, testConfig, uniqueId } from '../support/test-config.js';

/** The subscription resource end to end: real app, real Postgres, real HTTPS receiver. */
describe('REST /v1/webhooks', () => {
  const receiver = new HttpsReceiver();
  const db = new pg.Pool({ connectionString: TEST_DATABASE_URL, max: 2 });
  const tenantA = uniqueId('tenantA');
  const tenantB = uniqueId('tenantB');
  const keyA = uniqueId('keyA_').padEnd(24, 'a');
  const keyB = uniqueId('keyB_').padEnd(24, 'b');
  let app: INestApplication;
  let api: ApiClient;
  let other: ApiClient;

  const rows = async (tenant: string) =>
    (await db.query('SELECT id FROM subscriptions WHERE tenant_id = $1', [tenant])).rowCount;

  beforeAll(async () => {
    await receiver.start();
    app = await startApp(
      testConfig({ API_KEYS: `${tenantA}:${keyA},${tenantB}:${keyB}`, EGRESS_CA_FILE: receiver.caFile }),
    );
    api = ApiClient.for(app, keyA);
    other = api.as(keyB);
  });

  afterAll(async () => {
    await app?.close();
    await receiver.stop();
    await db.end();
  });

  it('creates after a signed url_verification challenge and never shows the secret again', async () => {
    const secret = 'my-own-secret-0123456789';
    const created = await api.post('/v1/webhooks', { url: receiver.url('/a'), events: ['order.created'], secret });
    expect(created.status).toBe(201);
    expect(created.headers.get('location')).toBe(`/v1/webhooks/${created.body.id}`);
    expect(created.body).toMatchObject({ url: receiver.url('/a'), events: ['order.created'], status: 'active' });
    expect(created.body.secret).toBeUndefined();
    const challenge = receiver.requests.find((r) => r.path === '/a')!;
    expect(JSON.parse(challenge.body)).toMatchObject({ type: 'url_verification' });
    expect(() =>
      new Webhook(Buffer.from(secret), { format: 'raw' }).verify(challenge.body, challenge.headers),
    ).not.toThrow();
    expect(challenge.headers['x-signature']).toMatch(/^sha256=[0-9a-f]{64}$/);

    const read = await api.get(`/v1/webhooks/${created.body.id}`);
    expect(read.status).toBe(200);
    expect(read.headers.get('etag')).toBe('"1"');
    expect(read.text).not.toContain(secret);
  });

  it('generates a whsec_ secret when none is given and returns it once', async () => {
    const created = await api.post('/v1/webhooks', { url: receiver.url('/gen'), events: ['payment.*'] });
    expect(created.status).toBe(201);
    expect(created.body.secret).toMatch(/^whsec_/);
    const list = await api.get('/v1/webhooks');
    expect(list.text).not.toContain(created.body.secret);
  });

  it.each([
    ['a wrong echo', () => ({ status: 200, body: JSON.stringify({ challenge: 'nope' }) }), 'echo'],
    ['a non-2xx answer', () => ({ status: 500, body: '{}' }), 'HTTP 500'],
    ['a slow endpoint', () => ({ status: 200, delayMs: 11_000 }), 'no answer within 10 s'],
  ])(
    'stores nothing when verification fails with %s',
    async (_name, responder, reason) => {
      const tenant = uniqueId('t');
      receiver.responder = responder as never;
      try {
        const before = await rows(tenantA);
        const res = await api.post('/v1/webhooks', { url: receiver.url(`/fail-${tenant}`), events: ['order.updated'] });
        expectErrorBody(res, 422, 'URL_VERIFICATION_FAILED');
        expect(res.body.error.message).toContain(reason);
        expect(res.body.error.details[0].field).toBe('url');
        expect(await rows(tenantA)).toBe(before);
      } finally {
        receiver.responder = (await import('../support/https-receiver.js')).echoChallenge;
      }
    },
    30_000,
  );

  it('stores nothing when the endpoint presents an untrusted certificate', async () => {
    const untrusted = await new HttpsReceiver().start();
    try {
      const res = await api.post('/v1/webhooks', { url: untrusted.url('/tls'), events: ['*'] });
      expectErrorBody(res, 422, 'URL_VERIFICATION_FAILED');
      expect(res.body.error.message).toContain('tls error');
      expect(untrusted.requests).toHaveLength(0);
    } finally {
      await untrusted.stop();
    }
  });

  it('answers 409 for the same url and the same events twice', async () => {
    const body = { url: receiver.url('/dup'), events: ['order.created', 'order.updated'] };
    expect((await api.post('/v1/webhooks', body)).status).toBe(201);
    const again = await api.post('/v1/webhooks', { ...body, events: ['order.updated', 'order.created'] });
    expectErrorBody(again, 409, 'CONFLICT');
  });

  it('isolates tenants: B cannot read, change or delete A’s subscription', async () => {
    const created = await api.post('/v1/webhooks', { url: receiver.url('/iso'), events: ['order.created'] });
    const id = created.body.id;
    expectErrorBody(await other.get(`/v1/webhooks/${id}`), 404, 'NOT_FOUND');
    expectErrorBody(await other.patch(`/v1/webhooks/${id}`, { description: 'x' }), 404, 'NOT_FOUND');
    expectErrorBody(await other.delete(`/v1/webhooks/${id}`), 404, 'NOT_FOUND');
    expectErrorBody(await other.post(`/v1/webhooks/${id}/disable`), 404, 'NOT_FOUND');
    expect((await other.get('/v1/webhooks')).body.data.map((s: { id: string }) => s.id)).not.toContain(id);
    expect((await api.get(`/v1/webhooks/${id}`)).status).toBe(200);
  });

  it('patches with merge patch and JSON patch, honours If-Match, re-verifies a new url', async () => {
    const created = await api.post('/v1/webhooks', { url: receiver.url('/p1'), events: ['order.created'] });
    const id = created.body.id;
    const merged = await api.patch(
      `/v1/webhooks/${id}`,
      { description: 'orders', metadata: { team: 'a' } },
      undefined,
      {
        headers: { 'if-match': '"1"' },
      },
    );
    expect(merged.status).toBe(200);
    expect(merged.body).toMatchObject({ description: 'orders', metadata: { team: 'a' }, version: 2 });
    expect(merged.headers.get('etag')).toBe('"2"');

    const stale = await api.patch(`/v1/webhooks/${id}`, { description: 'late' }, undefined, {
      headers: { 'if-match': '"1"' },
    });
    expectErrorBody(stale, 412, 'PRECONDITION_FAILED');

    const before = receiver.requests.length;
    const jsonPatched = await api.patch(
      `/v1/webhooks/${id}`,
      [
        { op: 'replace', path: '/url', value: receiver.url('/p2') },
        { op: 'add', path: '/events/-', value: 'payment.failed' },
      ],
      'application/json-patch+json',
    );
    expect(jsonPatched.status).toBe(200);
    expect(jsonPatched.body).toMatchObject({ url: receiver.url('/p2'), events: ['order.created', 'payment.failed'] });
    expect(receiver.requests.slice(before).some((r) => r.path === '/p2' && r.body.includes('url_verification'))).toBe(
      true,
    );

    const plainJson = await api.patch(`/v1/webhooks/${id}`, { description: 'x' }, 'application/json');
    expectErrorBody(plainJson, 415, 'UNSUPPORTED_MEDIA_TYPE');
    const badOp = await api.patch(
      `/v1/webhooks/${id}`,
      [{ op: 'replace', path: '/id', value: 'x' }],
      'application/json-patch+json',
    );
    expectErrorBody(badOp, 422);
  });

  it('disables and re-enables through sub-resources, and deletes', async () => {
    const created = await api.post('/v1/webhooks', { url: receiver.url('/st'), events: ['order.created'] });
    const id = created.body.id;
    const disabled = await api.post(`/v1/webhooks/${id}/disable`);
    expect(disabled.body).toMatchObject({ status: 'disabled' });
    expect(Date.parse(disabled.body.status_changed_at)).toBeGreaterThanOrEqual(Date.parse(created.body.created_at));
    expect((await api.get(`/v1/webhooks?status=disabled`)).body.data.map((s: { id: string }) => s.id)).toContain(id);
    await db.query(`UPDATE subscriptions SET status = 'failing' WHERE id = $1`, [id]);
    const enabled = await api.post(`/v1/webhooks/${id}/enable`);
    expect(enabled.body).toMatchObject({ status: 'active', status_reason: null });
    expectErrorBody(await api.delete(`/v1/webhooks/${id}`, { headers: { 'if-match': '"1"' } }), 412);
    const deleted = await api.delete(`/v1/webhooks/${id}`);
    expect(deleted.status).toBe(204);
    expectErrorBody(await api.get(`/v1/webhooks/${id}`), 404, 'NOT_FOUND');
  });

  it('rotates the secret: during the grace period both secrets sign', async () => {
    const oldSecret = 'old-secret-0123456789abcdef';
    const created = await api.post('/v1/webhooks', {
      url: receiver.url('/r1'),
      events: ['order.created'],
      secret: oldSecret,
    });
    const id = created.body.id;
    const rotated = await api.post(`/v1/webhooks/${id}/secret-rotations`, { grace_period_seconds: 3600 });
    expect(rotated.status).toBe(201);
    const newSecret: string = rotated.body.secret;
    expect(newSecret).toMatch(/^whsec_/);
    expect(Date.parse(rotated.body.previous_secrets_expire_at)).toBeGreaterThan(Date.now() + 3500_000);
    // A url change sends a challenge signed like a delivery: with every valid secret.
    await api.patch(`/v1/webhooks/${id}`, { url: receiver.url('/r2') });
    const challenge = receiver.requests.filter((r) => r.path === '/r2').at(-1)!;
    expect(() => new Webhook(newSecret).verify(challenge.body, challenge.headers)).not.toThrow();
    expect(() =>
      new Webhook(Buffer.from(oldSecret), { format: 'raw' }).verify(challenge.body, challenge.headers),
    ).not.toThrow();
    expect(challenge.headers['x-signature'].split(',')).toHaveLength(2);
    expect(challenge.headers['x-webhook-signature'].match(/v1=/g)).toHaveLength(2);
  });

  it('lists with cursor and offset pagination, filters, sort, fields and expand', async () => {
    const tenant = uniqueId('list');
    const key = uniqueId('keyL_').padEnd(24, 'l');
    const listApp = await startApp(testConfig({ API_KEYS: `${tenant}:${key}`, EGRESS_CA_FILE: receiver.caFile }));
    try {
      const client = ApiClient.for(listApp, key);
      for (let i = 0; i < 5; i++) {
        const events = i % 2 ? ['payment.*'] : ['order.created'];
        expect((await client.post('/v1/webhooks', { url: receiver.url(`/l${i}`), events })).status).toBe(201);
      }
      const first = await client.get('/v1/webhooks?limit=2');
      expect(first.body.data).toHaveLength(2);
      expect(first.body.pagination.has_more).toBe(true);
      const second = await client.get(`/v1/webhooks?limit=2&after=${first.body.pagination.next_cursor}`);
      const third = await client.get(`/v1/webhooks?limit=2&after=${second.body.pagination.next_cursor}`);
      expect(third.body.pagination).toEqual({ next_cursor: null, has_more: false });
      const all = [...first.body.data, ...second.body.data, ...third.body.data].map((s) => s.url);
      expect(all).toEqual([0, 1, 2, 3, 4].map((i) => receiver.url(`/l${i}`)));
      const desc = await client.get('/v1/webhooks?sort=-created_at&offset=1&limit=2');
      expect(desc.body.data.map((s: { url: string }) => s.url)).toEqual([receiver.url('/l3'), receiver.url('/l2')]);
      const payments = await client.get('/v1/webhooks?event=payment.failed&fields=url');
      expect(payments.body.data).toEqual([
        { id: expect.any(String), url: receiver.url('/l1') },
        { id: expect.any(String), url: receiver.url('/l3') },
      ]);
      const expanded = await client.get(`/v1/webhooks/${first.body.data[1].id}?expand=event_types`);
      expect(expanded.body.event_types.map((t: { type: string }) => t.type)).toEqual([
        'payment.failed',
        'payment.succeeded',
      ]);
      expectErrorBody(await client.get('/v1/webhooks?after=garbage'), 422, 'VALIDATION_ERROR');
      expectErrorBody(await client.get('/v1/webhooks?fields=secret'), 422, 'VALIDATION_ERROR');
    } finally {
      await listApp.close();
    }
  });
});
