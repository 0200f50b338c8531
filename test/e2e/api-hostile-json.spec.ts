import { ApiKeysService } from '../../src/modules/auth/api-keys.service.js';
import { expectErrorBody, JSON_PATCH, RawClient, type ApiResponse } from '../support/api-client.js';
import { PipelineHarness } from '../support/harness.js';
import { uniqueId } from '../support/test-config.js';

const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
const json = { 'content-type': 'application/json' };

/**
 * JSON a hostile or careless client sends: member names every object inherits, bodies nested past
 * any stack, bytes that are not UTF-8, lone surrogates, `__proto__`, a NUL in a path, a patch that
 * reaches for a prototype, an Idempotency-Key replayed by another key. Each gets a documented
 * answer with the error body, and what is valid is kept exactly.
 */
describe('REST API: hostile JSON', () => {
  let h: PipelineHarness;
  let admin: RawClient;
  let publisher: RawClient;

  beforeAll(async () => {
    h = await PipelineHarness.start({ env: { API_RATE_LIMIT_PER_MINUTE: '100000' } });
    const keys = h.app.get(ApiKeysService);
    admin = h.api.as((await keys.create(h.tenant, ['read', 'write', 'admin'], 'hostile json')).key).raw;
    publisher = h.api.as((await keys.create(h.tenant, ['events:publish'], 'hostile json')).key).raw;
  });
  afterAll(() => h?.close());

  const subscription = (path: string) => ({ url: h.receiver.url(path), events: ['order.*'] });
  const count = async () =>
    Number(
      (await h.fixtures.db.query('SELECT count(*) AS n FROM subscriptions WHERE tenant_id = $1', [h.tenant])).rows[0].n,
    );
  const detailsOf = (res: ApiResponse) =>
    (res.body.error.details as { field: string; code: string }[]).map((d) => `${d.field} ${d.code}`);

  it('keeps the metadata names a client chooses, inherited names included, through create and both patches', async () => {
    const metadata = { constructor: 'a', toString: 'b', valueOf: 'c', team: 'd' };
    const created = await h.api.raw.post('/v1/webhooks', { ...subscription('/names'), metadata });
    expect(created.status).toBe(201);
    expect(created.body.metadata).toEqual(metadata);
    const id = created.body.id as string;

    const merged = await h.api.raw.patch(`/v1/webhooks/${id}`, { metadata: { hasOwnProperty: 'e' } });
    expect(merged.status).toBe(200);
    const patched = await h.api.raw.patch(
      `/v1/webhooks/${id}`,
      [{ op: 'add', path: '/metadata/isPrototypeOf', value: 'f' }],
      JSON_PATCH['content-type'],
    );
    expect(patched.status).toBe(200);
    const stored = await h.api.raw.get(`/v1/webhooks/${id}`);
    expect(stored.body.metadata).toEqual({ ...metadata, hasOwnProperty: 'e', isPrototypeOf: 'f' });
  });

  it('refuses members no request declares, whatever they are called', async () => {
    const before = await count();
    for (const name of ['constructor', 'toString', 'hasOwnProperty']) {
      const res = await h.api.raw.post('/v1/webhooks', { ...subscription(`/unknown-${name}`), [name]: 'x' });
      expectErrorBody(res, 422, 'VALIDATION_ERROR');
      expect(detailsOf(res)).toEqual([`${name} UNKNOWN_FIELD`]);
    }
    const header = await h.api.raw.post('/v1/webhooks', {
      ...subscription('/unknown-header'),
      headers: { 'X-Team': { value: 'v', constructor: 1 } },
    });
    expectErrorBody(header, 422, 'VALIDATION_ERROR');
    expect(detailsOf(header)).toEqual([expect.stringMatching(/^headers.*UNKNOWN_FIELD$/)]);
    const key = await admin.post('/v1/api-keys', { name: 'n', scopes: ['read'], constructor: 1 });
    expectErrorBody(key, 422, 'VALIDATION_ERROR');
    expect(detailsOf(key)).toEqual(['constructor UNKNOWN_FIELD']);
    expect(await count()).toBe(before);
  });

  it('answers 400 INVALID_FORMAT for a body nested past 128 levels, and the data rule below it', async () => {
    for (const [client, path, raw] of [
      [publisher, '/v1/events', `{"type":"order.created","data":{"a":${nested(200_000)}}}`],
      [
        h.api.raw,
        '/v1/webhooks/filter-tests',
        `{"filter":"true","event":{"type":"a","data":{"a":${nested(200_000)}}}}`,
      ],
      [h.api.raw, '/v1/webhooks', `{"url":"${h.receiver.url('/deep')}","events":["*"],"metadata":${nested(5_000)}}`],
    ] as const) {
      const res = await client.request('POST', path, { raw, headers: json });
      expectErrorBody(res, 400, 'INVALID_FORMAT');
      expect(res.body.error.message).toBe('The request body nests deeper than 128 levels.');
    }
    // Within the body's depth, an event's data still answers its own rule (100 levels).
    const deepData = await publisher.post('/v1/events', {
      type: 'order.created',
      data: { a: JSON.parse(nested(110)) },
    });
    expectErrorBody(deepData, 422, 'VALIDATION_ERROR');
  });

  it('answers 400 INVALID_FORMAT for bytes that are not UTF-8, lone surrogates and __proto__, storing nothing', async () => {
    const before = await count();
    const url = h.receiver.url('/text');
    const cases: [string | Uint8Array, string][] = [
      [
        Buffer.concat([
          Buffer.from(`{"url":"${url}","events":["*"],"description":"a`),
          Buffer.from([0xff, 0xfe]),
          Buffer.from('b"}'),
        ]),
        'The request body is not valid UTF-8.',
      ],
      [
        `{"url":"${url}","events":["*"],"description":"\\ud800"}`,
        'The request body has a string with an unpaired UTF-16 surrogate.',
      ],
      [
        `{"url":"${url}","events":["*"],"metadata":{"\\udc00":"x"}}`,
        'The request body has a member name with an unpaired UTF-16 surrogate.',
      ],
      [
        `{"url":"${url}","events":["*"],"metadata":{"__proto__":{"a":"b"}}}`,
        'The request body has a member named __proto__.',
      ],
    ];
    for (const [raw, message] of cases) {
      const res = await h.api.raw.request('POST', '/v1/webhooks', { raw, headers: json });
      expectErrorBody(res, 400, 'INVALID_FORMAT');
      expect(res.body.error.message).toBe(message);
    }
    expect(await count()).toBe(before);
  });

  it('answers a NUL in an event id as any unknown id: an empty delivery log', async () => {
    const res = await h.api.raw.get('/v1/events/a%00b/deliveries');
    expect({ status: res.status, data: res.body.data }).toEqual({ status: 200, data: [] });
  });

  it('refuses a JSON Patch that reaches for a prototype, naming no library internals', async () => {
    const { body } = await h.api.raw.post('/v1/webhooks', subscription('/proto'));
    for (const path of ['/__proto__/x', '/metadata/constructor/prototype/x']) {
      const res = await h.api.raw.patch(
        `/v1/webhooks/${body.id}`,
        [{ op: 'add', path, value: 1 }],
        JSON_PATCH['content-type'],
      );
      expectErrorBody(res, 422, 'VALIDATION_ERROR');
      expect(detailsOf(res)).toEqual(['body INVALID_PATCH']);
      expect(res.text).not.toMatch(/banPrototypeModifications|JSON-Patch|fast-json-patch/);
    }
  });

  it('replays an Idempotency-Key for the same JSON value from the same key, and to no other key of the tenant', async () => {
    const idempotencyKey = uniqueId('idem');
    const headers = { ...json, 'idempotency-key': idempotencyKey };
    const url = h.receiver.url('/replay');
    const first = await h.api.raw.request('POST', '/v1/webhooks', {
      raw: JSON.stringify({ url, events: ['order.*'] }),
      headers,
    });
    expect(first.status).toBe(201);
    const secret = first.body.secret as string;
    expect(secret).toMatch(/^whsec_/);
    // The same value, its members in another order and spaced out: the same request.
    const again = await h.api.raw.request('POST', '/v1/webhooks', {
      raw: `{ "events": [ "order.*" ], "url": "${url}" }`,
      headers,
    });
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.id).toBe(first.body.id);
    // Another key of the same tenant never gets the stored answer (it holds the secret, shown once).
    const other = await admin.request('POST', '/v1/webhooks', {
      raw: JSON.stringify({ url, events: ['order.*'] }),
      headers,
    });
    expectErrorBody(other, 422, 'IDEMPOTENCY_KEY_REUSED');
    expect(other.text).not.toContain(secret);
  });
});
