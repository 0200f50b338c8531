import { ApiKeysService } from '../../src/modules/auth/api-keys.service.js';
import { type ApiClient, expectData, expectErrorBody, type ApiResponse } from '../support/api-client.js';
import { PipelineHarness } from '../support/harness.js';

interface Case {
  name: string;
  raw?: string;
  contentType?: string;
  accept?: string;
  query?: string;
}

const HUGE = 'x'.repeat(20_000);

/** Bodies every write endpoint is fed; none may produce a 5xx. */
const BODY_CASES: Case[] = [
  { name: 'malformed JSON', raw: '{"url": "https://a", ', contentType: 'application/json' },
  { name: 'truncated JSON', raw: '[', contentType: 'application/json' },
  { name: 'a JSON string', raw: '"just a string"', contentType: 'application/json' },
  { name: 'null', raw: 'null', contentType: 'application/json' },
  { name: 'an empty object', raw: '{}', contentType: 'application/json' },
  {
    name: 'wrong types',
    raw: JSON.stringify({
      url: 123,
      events: 'order.created',
      secret: [],
      metadata: 'x',
      description: {},
      grace_period_seconds: 'soon',
    }),
    contentType: 'application/json',
  },
  {
    name: 'nested wrong types',
    raw: JSON.stringify({ url: { a: 1 }, events: [1, null, {}], metadata: { k: { deep: 1 } } }),
    contentType: 'application/json',
  },
  {
    name: 'huge strings',
    raw: JSON.stringify({
      url: `https://${HUGE}.com`,
      events: [HUGE],
      secret: HUGE,
      description: HUGE,
      metadata: { [HUGE]: HUGE },
    }),
    contentType: 'application/json',
  },
  {
    name: 'unknown fields',
    raw: JSON.stringify({ unknown_field: 1, __proto__: { admin: true }, constructor: { prototype: {} } }),
    contentType: 'application/json',
  },
  {
    name: 'members named like inherited ones, at every level',
    raw: JSON.stringify({
      constructor: 'x',
      toString: { valueOf: 1 },
      metadata: { constructor: 'x', hasOwnProperty: 'y' },
      headers: { constructor: 'x', 'X-A': { value: 'v', constructor: 1 } },
      auth: { type: 'basic', constructor: 'x' },
      ordering: { key: 'event.id', constructor: 'x' },
      event: { type: 'order.created', data: { constructor: 'x' }, metadata: { constructor: 'y' } },
      data: { constructor: { prototype: 'x' } },
      key: 'k',
    }),
    contentType: 'application/json',
  },
  {
    name: 'a body nested 30,000 levels',
    raw: '['.repeat(30_000) + ']'.repeat(30_000),
    contentType: 'application/json',
  },
  { name: 'a lone surrogate', raw: '{"description":"\\ud800","type":"\\udfff"}', contentType: 'application/json' },
  { name: 'an array of junk', raw: JSON.stringify([1, 'a', null, { op: 'explode' }]), contentType: 'application/json' },
  {
    name: 'a merge patch of junk',
    raw: JSON.stringify({ events: null, url: null }),
    contentType: 'application/merge-patch+json',
  },
  {
    name: 'a JSON patch of junk',
    raw: JSON.stringify([{ op: 'replace', path: '/../../x' }, { op: 'nope' }]),
    contentType: 'application/json-patch+json',
  },
  { name: 'text/plain', raw: 'hello', contentType: 'text/plain' },
  { name: 'form data', raw: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' },
  { name: 'a latin-1 charset', raw: '{}', contentType: 'application/json; charset=latin1' },
  { name: 'no content type', raw: '{}', contentType: '' },
  {
    name: 'an over-limit body',
    raw: JSON.stringify({ description: 'y'.repeat(70_000) }),
    contentType: 'application/json',
  },
];

/** Headers and queries every endpoint is fed. */
const REQUEST_CASES: Case[] = [
  { name: 'an Accept it cannot produce', accept: 'image/png' },
  {
    name: 'bad query values',
    query: 'limit=-1&offset=abc&after=%25%25&sort=bogus&fields=zz&expand=zz&status=zz&event=%20',
  },
  { name: 'huge query values', query: `limit=${'9'.repeat(400)}&after=${HUGE}&fields=${HUGE}` },
  { name: 'unknown query parameters', query: 'nope=1&__proto__=x' },
];

const INVALID_IDS = ['not-an-id', '00000000-0000-0000-0000-000000000000', '%00', 'a'.repeat(2000), "1'%20OR%20'1'='1"];

/** Every endpoint from the OpenAPI document, fed bad input of every kind: never a 5xx, always the error body. */
describe('REST API: bad input never yields a 5xx', () => {
  let h: PipelineHarness;
  let api: ApiClient;
  let subscriptionId: string;
  let operations: { method: string; path: string }[];

  beforeAll(async () => {
    h = await PipelineHarness.start({ env: { API_BODY_LIMIT: '65536', API_RATE_LIMIT_PER_MINUTE: '100000' } });
    // Every tenant scope (admin included, for /v1/api-keys), so each answer is about the input, not a 403.
    api = h.api.as((await h.app.get(ApiKeysService).create(h.tenant, ['read', 'write', 'admin'], 'bad input')).key);
    const body = { url: h.receiver.url('/bad'), events: ['*'] };
    subscriptionId = expectData(await api.POST('/webhooks', { body }), 201).id;
    // The document itself is no operation of the document: raw.
    const doc = (await api.raw.get('/v1/openapi.json')).body as {
      servers: { url: string }[];
      paths: Record<string, Record<string, unknown>>;
    };
    // Paths are relative to the document's server (the version's base path).
    operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => ({ method: method.toUpperCase(), path: `${doc.servers[0].url}${path}` })),
    );
  });
  afterAll(() => h?.close());

  const check = (label: string, res: ApiResponse) => {
    if (res.status >= 500) throw new Error(`${label} answered ${res.status}: ${res.text.slice(0, 300)}`);
    if (res.status >= 400 && !res.body?.error)
      throw new Error(`${label}: ${res.status} without the error body: ${res.text.slice(0, 200)}`);
    if (res.status >= 400) expectErrorBody(res, res.status);
  };

  const fill = (path: string, id: string) => path.replace(/\{id\}/g, id).replace(/\{[^}]+\}/g, 'whatever');

  it('covers every documented endpoint', () => {
    expect(operations.length).toBeGreaterThanOrEqual(10);
  });

  it('survives bad bodies, media types, queries and headers on every endpoint', async () => {
    for (const { method, path } of operations) {
      const url = fill(path, subscriptionId);
      const bodies = method === 'GET' || method === 'DELETE' ? [] : BODY_CASES;
      for (const c of [...bodies, ...REQUEST_CASES]) {
        const headers: Record<string, string> = {};
        if (c.contentType) headers['content-type'] = c.contentType;
        if (c.accept) headers.accept = c.accept;
        const res = await api.raw.request(method, c.query ? `${url}?${c.query}` : url, { raw: c.raw, headers });
        check(`${method} ${path} with ${c.name}`, res);
      }
    }
  }, 120_000);

  const VALID_BODIES: Record<string, object> = {
    '/v1/webhooks/{id}/recoveries': { since: new Date(Date.now() - 3_600_000).toISOString() },
    '/v1/webhooks/{id}/filter-tests': { event: { type: 'order.created', data: {} } },
    '/v1/webhooks/{id}/test-events': { type: 'order.created' },
    '/v1/webhooks/{id}/ordered-keys/redrive': { key: 'acct_42' },
    '/v1/webhooks/{id}/ordered-keys/skip': { key: 'acct_42' },
  };

  it('survives invalid ids and answers 404 for them', async () => {
    for (const { method, path } of operations.filter((o) => o.path.includes('{id}'))) {
      for (const id of INVALID_IDS) {
        // A valid body, so that the unknown id (404) is what the answer is about, not the body (422).
        const raw = method === 'GET' || method === 'DELETE' ? undefined : JSON.stringify(VALID_BODIES[path] ?? {});
        const contentType = method === 'PATCH' ? 'application/merge-patch+json' : 'application/json';
        const res = await api.raw.request(method, fill(path, id), {
          raw,
          headers: raw ? { 'content-type': contentType } : {},
        });
        check(`${method} ${path} with id ${id.slice(0, 40)}`, res);
        expect(res.status).toBe(404);
      }
    }
  });

  it('survives U+0000 in every path parameter', async () => {
    for (const { method, path } of operations.filter((o) => o.path.includes('{'))) {
      const raw = method === 'GET' || method === 'DELETE' ? undefined : JSON.stringify(VALID_BODIES[path] ?? {});
      const contentType = method === 'PATCH' ? 'application/merge-patch+json' : 'application/json';
      const res = await api.raw.request(method, path.replace(/\{[^}]+\}/g, 'a%00b'), {
        raw,
        headers: raw ? { 'content-type': contentType } : {},
      });
      check(`${method} ${path} with U+0000 in its parameters`, res);
    }
  });

  it('answers without authentication with 401 and the error body, on every endpoint', async () => {
    for (const { method, path } of operations.filter((o) => !o.path.includes('openapi'))) {
      const res = await api.raw.request(method, fill(path, subscriptionId), { key: null });
      expectErrorBody(res, 401, 'UNAUTHENTICATED');
    }
  });
});
