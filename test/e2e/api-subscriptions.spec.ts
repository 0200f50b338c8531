import { Webhook } from 'standardwebhooks';
import type { operations } from '../../clients/typescript/index.js';
import {
  type ApiClient,
  byId,
  errorOf,
  expectData,
  expectErrorBody,
  JSON_PATCH,
  MERGE_PATCH,
} from '../support/api-client.js';
import { PipelineHarness } from '../support/harness.js';
import { HttpsReceiver } from '../support/https-receiver.js';
import { uniqueId } from '../support/test-config.js';

type ListQuery = operations['WebhooksController_list_v1']['parameters']['query'];

/** The subscription resource end to end: real app, real Postgres, real HTTPS receiver. */
describe('REST /v1/webhooks', () => {
  const receiver = new HttpsReceiver();
  let h: PipelineHarness;
  let tenantA: string;
  let api: ApiClient;
  let other: ApiClient;

  const rows = async (tenant: string) =>
    (await h.fixtures.db.query('SELECT id FROM subscriptions WHERE tenant_id = $1', [tenant])).rowCount;

  beforeAll(async () => {
    // Tenant A, tenant B (isolation), and a third with nothing of its own yet (listing).
    h = await PipelineHarness.start({ receiver, tenants: 3 });
    tenantA = h.tenant;
    api = h.api;
    other = api.as(h.keys[1]);
  });
  afterAll(() => h?.close());

  const create = (client: ApiClient, path: string, events = ['order.created'], secret?: string) =>
    client.POST('/webhooks', { body: { url: receiver.url(path), events, ...(secret ? { secret } : {}) } });

  it('creates after a signed url_verification challenge and never shows the secret again', async () => {
    const secret = 'my-own-secret-0123456789';
    const created = await create(api, '/a', ['order.created'], secret);
    const subscription = expectData(created, 201);
    expect(created.response.headers.get('location')).toBe(`/v1/webhooks/${subscription.id}`);
    expect(subscription).toMatchObject({ url: receiver.url('/a'), events: ['order.created'], status: 'active' });
    expect(subscription.secret).toBeUndefined();
    const challenge = receiver.requests.find((r) => r.path === '/a')!;
    expect(JSON.parse(challenge.body)).toMatchObject({ type: 'url_verification' });
    expect(() =>
      new Webhook(Buffer.from(secret), { format: 'raw' }).verify(challenge.body, challenge.headers),
    ).not.toThrow();
    expect(challenge.headers['x-signature']).toMatch(/^sha256=[0-9a-f]{64}$/);

    const read = await api.GET('/webhooks/{id}', byId(subscription.id));
    expect(JSON.stringify(expectData(read, 200))).not.toContain(secret);
    expect(read.response.headers.get('etag')).toBe('"1"');
  });

  it('generates a whsec_ secret when none is given and returns it once', async () => {
    const created = expectData(await create(api, '/gen', ['payment.*']), 201);
    expect(created.secret).toMatch(/^whsec_/);
    const list = expectData(await api.GET('/webhooks'), 200);
    expect(JSON.stringify(list)).not.toContain(created.secret);
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
        const res = await create(api, `/fail-${tenant}`, ['order.updated']);
        expectErrorBody(res, 422, 'URL_VERIFICATION_FAILED');
        expect(res.error?.error.message).toContain(reason);
        expect(res.error?.error.details?.[0].field).toBe('url');
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
      const res = await api.POST('/webhooks', { body: { url: untrusted.url('/tls'), events: ['*'] } });
      expectErrorBody(res, 422, 'URL_VERIFICATION_FAILED');
      expect(res.error?.error.message).toContain('tls error');
      expect(untrusted.requests).toHaveLength(0);
    } finally {
      await untrusted.stop();
    }
  });

  it('answers 409 for the same url and the same events twice', async () => {
    expectData(await create(api, '/dup', ['order.created', 'order.updated']), 201);
    expectErrorBody(await create(api, '/dup', ['order.updated', 'order.created']), 409, 'CONFLICT');
  });

  it('isolates tenants: B cannot read, change or delete A’s subscription', async () => {
    const { id } = expectData(await create(api, '/iso'), 201);
    expectErrorBody(await other.GET('/webhooks/{id}', byId(id)), 404, 'NOT_FOUND');
    expectErrorBody(
      await other.PATCH('/webhooks/{id}', { ...byId(id), body: { description: 'x' }, headers: MERGE_PATCH }),
      404,
      'NOT_FOUND',
    );
    expectErrorBody(await other.DELETE('/webhooks/{id}', byId(id)), 404, 'NOT_FOUND');
    expectErrorBody(await other.POST('/webhooks/{id}/disable', byId(id)), 404, 'NOT_FOUND');
    expect(expectData(await other.GET('/webhooks'), 200).data.map((s) => s.id)).not.toContain(id);
    expectData(await api.GET('/webhooks/{id}', byId(id)), 200);
  });

  it('patches with merge patch and JSON patch, honours If-Match, re-verifies a new url', async () => {
    const { id } = expectData(await create(api, '/p1'), 201);
    const ifMatch = (version: number) => ({ path: { id }, header: { 'If-Match': `"${version}"` } });
    const merged = await api.PATCH('/webhooks/{id}', {
      params: ifMatch(1),
      body: { description: 'orders', metadata: { team: 'a' } },
      headers: MERGE_PATCH,
    });
    expect(expectData(merged, 200)).toMatchObject({ description: 'orders', metadata: { team: 'a' }, version: 2 });
    expect(merged.response.headers.get('etag')).toBe('"2"');

    const stale = await api.PATCH('/webhooks/{id}', {
      params: ifMatch(1),
      body: { description: 'late' },
      headers: MERGE_PATCH,
    });
    expectErrorBody(stale, 412, 'PRECONDITION_FAILED');

    const before = receiver.requests.length;
    const jsonPatched = await api.PATCH('/webhooks/{id}', {
      ...byId(id),
      body: [
        { op: 'replace', path: '/url', value: receiver.url('/p2') },
        { op: 'add', path: '/events/-', value: 'payment.failed' },
      ],
      headers: JSON_PATCH,
    });
    expect(expectData(jsonPatched, 200)).toMatchObject({
      url: receiver.url('/p2'),
      events: ['order.created', 'payment.failed'],
    });
    expect(receiver.requests.slice(before).some((r) => r.path === '/p2' && r.body.includes('url_verification'))).toBe(
      true,
    );

    // Negative: a media type the document does not offer for PATCH, through the escape hatch.
    const plainJson = await api.raw.patch(`/v1/webhooks/${id}`, { description: 'x' }, 'application/json');
    expectErrorBody(plainJson, 415, 'UNSUPPORTED_MEDIA_TYPE');
    const badOp = await api.PATCH('/webhooks/{id}', {
      ...byId(id),
      body: [{ op: 'replace', path: '/id', value: 'x' }],
      headers: JSON_PATCH,
    });
    // Of the documented shape, but /id is not a member to replace: the patch does not apply.
    expect(errorOf(badOp).details).toEqual([expect.objectContaining({ field: 'body', code: 'PATCH_NOT_APPLICABLE' })]);
    const wholeRemoved = await api.PATCH('/webhooks/{id}', {
      ...byId(id),
      body: [{ op: 'remove', path: '' }],
      headers: JSON_PATCH,
    });
    expect(errorOf(wholeRemoved).details).toEqual([expect.objectContaining({ code: 'PATCH_NOT_APPLICABLE' })]);
    // Not a JSON Pointer, and a replace without its value: outside the document's shape.
    const badShape = await api.raw.patch(
      `/v1/webhooks/${id}`,
      [{ op: 'replace', path: 'url' }],
      'application/json-patch+json',
    );
    expectErrorBody(badShape, 422, 'VALIDATION_ERROR');
    expect(badShape.body.error.details).toEqual([expect.objectContaining({ field: 'body', code: 'INVALID_PATCH' })]);
  });

  it('disables and re-enables through sub-resources, and deletes', async () => {
    const created = expectData(await create(api, '/st'), 201);
    const { id } = created;
    const disabled = expectData(await api.POST('/webhooks/{id}/disable', byId(id)), 200);
    expect(disabled).toMatchObject({ status: 'disabled' });
    expect(Date.parse(disabled.status_changed_at!)).toBeGreaterThanOrEqual(Date.parse(created.created_at));
    const listed = expectData(await api.GET('/webhooks', { params: { query: { status: 'disabled' } } }), 200);
    expect(listed.data.map((s) => s.id)).toContain(id);
    await h.fixtures.db.query(`UPDATE subscriptions SET status = 'failing' WHERE id = $1`, [id]);
    const enabled = expectData(await api.POST('/webhooks/{id}/enable', byId(id)), 200);
    expect(enabled).toMatchObject({ status: 'active', status_reason: null });
    const stale = await api.DELETE('/webhooks/{id}', { params: { path: { id }, header: { 'If-Match': '"1"' } } });
    expectErrorBody(stale, 412);
    expectData(await api.DELETE('/webhooks/{id}', byId(id)), 204);
    expectErrorBody(await api.GET('/webhooks/{id}', byId(id)), 404, 'NOT_FOUND');
  });

  it('rotates the secret: during the grace period both secrets sign', async () => {
    const oldSecret = 'old-secret-0123456789abcdef';
    const { id } = expectData(await create(api, '/r1', ['order.created'], oldSecret), 201);
    const rotated = expectData(
      await api.POST('/webhooks/{id}/secret-rotations', { ...byId(id), body: { grace_period_seconds: 3600 } }),
      201,
    );
    const newSecret = rotated.secret!;
    expect(newSecret).toMatch(/^whsec_/);
    expect(Date.parse(rotated.previous_secrets_expire_at!)).toBeGreaterThan(Date.now() + 3500_000);
    // A url change sends a challenge signed like a delivery: with every valid secret.
    await api.PATCH('/webhooks/{id}', { ...byId(id), body: { url: receiver.url('/r2') }, headers: MERGE_PATCH });
    const challenge = receiver.requests.filter((r) => r.path === '/r2').at(-1)!;
    expect(() => new Webhook(newSecret).verify(challenge.body, challenge.headers)).not.toThrow();
    expect(() =>
      new Webhook(Buffer.from(oldSecret), { format: 'raw' }).verify(challenge.body, challenge.headers),
    ).not.toThrow();
    expect(challenge.headers['x-signature'].split(',')).toHaveLength(2);
    expect(challenge.headers['x-webhook-signature'].match(/v1=/g)).toHaveLength(2);
  });

  it('makes concurrent changes without If-Match one after another, never a 412 nobody asked for', async () => {
    const { id } = expectData(await create(api, '/race', ['order.created']), 201);
    // Without grace, so the rotations never reach the limit of valid secrets (a 409 of its own).
    const rotate = () =>
      api.POST('/webhooks/{id}/secret-rotations', { ...byId(id), body: { grace_period_seconds: 0 } });
    const answers = await Promise.all(Array.from({ length: 6 }, rotate));

    expect(answers.map((a) => a.response.status)).toEqual(Array(6).fill(201));
    const read = await api.GET('/webhooks/{id}', byId(id));
    expect(read.response.headers.get('etag')).toBe('"7"');
  });

  it('lists with cursor and offset pagination, filters, sort, fields and expand', async () => {
    // A tenant with no subscription yet: the listing sees exactly the five made here.
    const client = api.as(h.keys[2]);
    for (let i = 0; i < 5; i++)
      expectData(await create(client, `/l${i}`, i % 2 ? ['payment.*'] : ['order.created']), 201);
    const list = async (query: ListQuery) => expectData(await client.GET('/webhooks', { params: { query } }), 200);
    const first = await list({ limit: 2 });
    expect(first.data).toHaveLength(2);
    expect(first.pagination.has_more).toBe(true);
    const second = await list({ limit: 2, after: first.pagination.next_cursor! });
    const third = await list({ limit: 2, after: second.pagination.next_cursor! });
    expect(third.pagination).toEqual({ next_cursor: null, has_more: false });
    const all = [...first.data, ...second.data, ...third.data].map((s) => s.url);
    expect(all).toEqual([0, 1, 2, 3, 4].map((i) => receiver.url(`/l${i}`)));
    // Both: offset skips rows after the cursor's position.
    const skipped = await list({ limit: 2, after: first.pagination.next_cursor!, offset: 1 });
    expect(skipped.data.map((s) => s.url)).toEqual([receiver.url('/l3'), receiver.url('/l4')]);
    const desc = await list({ sort: '-created_at', offset: 1, limit: 2 });
    expect(desc.data.map((s) => s.url)).toEqual([receiver.url('/l3'), receiver.url('/l2')]);
    const payments = await list({ event: 'payment.failed', fields: 'url' });
    expect(payments.data).toEqual([
      { id: expect.any(String), url: receiver.url('/l1') },
      { id: expect.any(String), url: receiver.url('/l3') },
    ]);
    const expandedId = first.data[1].id;
    const expanded = await client.GET('/webhooks/{id}', {
      params: { path: { id: expandedId }, query: { expand: 'event_types' } },
    });
    const types = expectData(expanded, 200).event_types ?? [];
    expect(types.map((t) => t.type)).toEqual(['payment.failed', 'payment.succeeded']);
    expectErrorBody(
      await client.GET('/webhooks', { params: { query: { after: 'garbage' } } }),
      422,
      'VALIDATION_ERROR',
    );
    expectErrorBody(
      await client.GET('/webhooks', { params: { query: { fields: 'secret' } } }),
      422,
      'VALIDATION_ERROR',
    );
    // Integers too large for the document's range are out of range, not "not an integer".
    const huge = await client.raw.get(`/v1/webhooks?offset=99999999999999&limit=${'9'.repeat(30)}`);
    expectErrorBody(huge, 422, 'VALIDATION_ERROR');
    expect([...huge.body.error.details].sort((a, b) => a.field.localeCompare(b.field))).toEqual([
      { field: 'limit', code: 'OUT_OF_RANGE', message: 'limit must be an integer from 1 to 100' },
      { field: 'offset', code: 'OUT_OF_RANGE', message: 'offset must be an integer from 0 to 100000' },
    ]);
  });
});
