import { createOperatorKey, revokeOperatorKey } from '../../src/modules/auth/operator-keys.js';
import {
  ApiClient,
  byId,
  errorOf,
  expectBody,
  expectData,
  expectErrorBody,
  MERGE_PATCH,
} from '../support/api-client.js';
import { PipelineHarness } from '../support/harness.js';
import { eventually } from '../support/pipeline-fixtures.js';
import { uniqueId } from '../support/test-config.js';

const invoiceSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  required: ['invoice_id', 'amount'],
  properties: { invoice_id: { type: 'string' }, amount: { type: 'integer', minimum: 0 } },
};

/**
 * The catalog API on the real stack: operator keys write, tenant keys read; validation, conflicts,
 * versions, archive, ETags and pagination; a second instance follows a change within 2 s.
 */
describe('REST /v1/event-types', () => {
  const ns = uniqueId('inv'); // the catalog is deployment-wide: each run names its own types
  let h: PipelineHarness;
  let operator: ApiClient;
  let tenantApi: ApiClient;

  beforeAll(async () => {
    h = await PipelineHarness.start({ operator: true, env: { ROLES: 'api', EVENT_TYPE_REGISTRY_POLL_MS: '0' } });
    tenantApi = h.api;
    operator = h.api.as(h.operatorKey);
  });
  afterAll(() => h?.close());

  const define = (type: string, extra: { examples?: object[] } = {}, client = operator) =>
    client.POST('/event-types', {
      body: { type, description: 'An invoice was paid.', schema: invoiceSchema, ...extra },
    });
  const byType = (type: string) => ({ params: { path: { type } } });
  const read = async (type: string) => expectData(await tenantApi.GET('/event-types/{type}', byType(type)), 200);
  const subscribe = (events: string[], path = '/a', client = tenantApi) =>
    client.POST('/webhooks', { body: { url: h.receiver.url(path), events } });

  it('lets an operator define a type, and a tenant read it but never change it (403)', async () => {
    const type = `${ns}.paid`;
    const created = await define(type, { examples: [{ invoice_id: 'i1', amount: 5 }] });
    expect(expectData(created, 201)).toMatchObject({
      type,
      source: 'api',
      version: 1,
      archived: false,
      schema: invoiceSchema,
    });
    expect(created.response.headers.get('location')).toBe(`/v1/event-types/${type}`);

    expect((await read(type)).description).toBe('An invoice was paid.');
    expectErrorBody(await define(`${ns}.x`, {}, tenantApi), 403, 'FORBIDDEN');
    const patch = { ...byType(type), body: { description: 'no' }, headers: MERGE_PATCH };
    expectErrorBody(await tenantApi.PATCH('/event-types/{type}', patch), 403, 'FORBIDDEN');
    expectErrorBody(await tenantApi.DELETE('/event-types/{type}', byType(type)), 403, 'FORBIDDEN');
    expect((await read(type)).description).toBe('An invoice was paid.');
  });

  it('takes an operator key made by the CLI until it is revoked', async () => {
    const { id, key } = await createOperatorKey(h.config, 'cli');
    const cli = operator.as(key);
    const created = await cli.POST('/event-types', {
      body: { type: `${ns}.cli`, description: '', schema: invoiceSchema },
    });
    expectData(created, 201);
    expect(await revokeOperatorKey(h.config, id)).toBe(true);
    // An instance trusts a key it looked up for a second: every one refuses it within 2 s.
    await eventually(async () => (await cli.raw.get('/v1/event-types')).status === 401, 2_000, 'refused');
    expectErrorBody(await cli.GET('/event-types'), 401, 'UNAUTHENTICATED');
  });

  it('answers 422 with every problem of a bad name, schema or example, and 409 for a duplicate', async () => {
    // A schema of the wrong shape and an unknown field: outside the document, sent raw.
    const bad = await operator.raw.post('/v1/event-types', {
      type: 'Invoice Paid',
      schema: { type: 'object', properties: { a: { type: 'nonsense' } }, required: 'a' },
      examples: [1],
      colour: 'red',
    });
    expectErrorBody(bad, 422, 'VALIDATION_ERROR');
    const codes = bad.body.error.details.map((d: { field: string; code: string }) => `${d.field}:${d.code}`);
    expect(codes).toEqual(expect.arrayContaining(['colour:UNKNOWN_FIELD', 'type:INVALID_NAME']));
    expect(codes.filter((c: string) => c.endsWith('INVALID_SCHEMA')).length).toBeGreaterThanOrEqual(2);

    const badExample = await define(`${ns}.example`, { examples: [{ invoice_id: 'i', amount: -1 }] });
    expectErrorBody(badExample, 422, 'VALIDATION_ERROR');
    expect(errorOf(badExample).details[0]).toMatchObject({ field: 'examples[0]', code: 'INVALID_EXAMPLE' });

    expectData(await define(`${ns}.dup`), 201);
    expectErrorBody(await define(`${ns}.dup`), 409, 'CONFLICT');
  });

  it('versions a schema change, honours If-Match and replays an Idempotency-Key', async () => {
    const type = `${ns}.versioned`;
    const post = { params: { header: { 'Idempotency-Key': uniqueId('idem-') } } };
    const body = { type, description: 'd', schema: invoiceSchema };
    const first = await operator.POST('/event-types', { ...post, body });
    const replay = await operator.POST('/event-types', { ...post, body });
    expectData(replay, 201);
    expect(replay.response.headers.get('idempotent-replayed')).toBe('true');

    const etag = first.response.headers.get('etag')!;
    const patch = (change: object, ifMatch?: string) =>
      operator.PATCH('/event-types/{type}', {
        params: { path: { type }, ...(ifMatch ? { header: { 'If-Match': ifMatch } } : {}) },
        body: change,
        headers: MERGE_PATCH,
      });
    expect(expectData(await patch({ description: 'new words' }, etag), 200)).toMatchObject({
      description: 'new words',
      version: 1,
    });
    expectErrorBody(await patch({ description: 'x' }, etag), 412, 'PRECONDITION_FAILED');
    // An invalid change is refused before its precondition is judged, even with a stale If-Match.
    expectErrorBody(await patch({ schema: { type: 7 } }, etag), 422, 'VALIDATION_ERROR');
    expectErrorBody(await patch({ colour: 'red' }, etag), 422, 'VALIDATION_ERROR');

    const schema = { ...invoiceSchema, required: ['invoice_id'] };
    expect(expectData(await patch({ schema }), 200)).toMatchObject({ version: 2, schema });
    expectErrorBody(await patch({ schema: { type: 7 } }), 422, 'VALIDATION_ERROR');

    const versions = (query: { limit?: number; after?: string }) =>
      tenantApi.GET('/event-types/{type}/versions', { params: { path: { type }, query } });
    const newest = expectBody(await versions({ limit: 1 }), 200);
    expect(newest.data.map((v: { version: number }) => v.version)).toEqual([2]);
    expect(newest.pagination.has_more).toBe(true);
    const older = expectBody(await versions({ after: newest.pagination.next_cursor }), 200);
    expect(older.data).toMatchObject([{ version: 1, schema: invoiceSchema }]);
  });

  it('archives on DELETE: still readable, refused to new subscriptions, listed only on request', async () => {
    const type = `${ns}.archived`;
    await define(type);
    const existing = expectData(await subscribe([type]), 201);
    expect((await operator.DELETE('/event-types/{type}', byType(type))).response.status).toBe(204);
    expect((await operator.DELETE('/event-types/{type}', byType(type))).response.status).toBe(204);

    // The existing subscription keeps the archived type, even through an edit of another field.
    const edited = await tenantApi.PATCH('/webhooks/{id}', {
      ...byId(existing.id),
      body: { description: 'still here' },
      headers: MERGE_PATCH,
    });
    expect(expectData(edited, 200)).toMatchObject({ events: [type], description: 'still here' });

    expect(await read(type)).toMatchObject({ archived: true });
    const refused = await subscribe([type]);
    expectErrorBody(refused, 422, 'VALIDATION_ERROR');
    expect(errorOf(refused).details[0]).toMatchObject({ field: 'events[0]', code: 'UNKNOWN_EVENT_TYPE' });
    const listed = async (includeArchived?: boolean) =>
      expectBody(
        await tenantApi.GET('/event-types', {
          params: { query: { prefix: `${ns}.`, limit: 100, ...(includeArchived ? { include_archived: true } : {}) } },
        }),
        200,
      ).data.map((t: { type: string }) => t.type);
    expect(await listed()).not.toContain(type);
    expect(await listed(true)).toContain(type);
  });

  it('pages by name with a cursor and filters by prefix and source', async () => {
    await Promise.all(['a', 'b', 'c'].map((x) => define(`${ns}-page.${x}`)));
    const list = async (query: { prefix?: string; limit?: number; after?: string; source?: 'builtin' }) =>
      expectBody(await tenantApi.GET('/event-types', { params: { query } }), 200);
    const first = await list({ prefix: `${ns}-page.`, limit: 2 });
    expect(first.data.map((t: { type: string }) => t.type)).toEqual([`${ns}-page.a`, `${ns}-page.b`]);
    const next = await list({ prefix: `${ns}-page.`, after: first.pagination.next_cursor });
    expect(next.data.map((t: { type: string }) => t.type)).toEqual([`${ns}-page.c`]);
    expect(next.pagination).toEqual({ next_cursor: null, has_more: false });
    const builtin = await list({ source: 'builtin' });
    expect(builtin.data.map((t: { source: string }) => t.source)).toEqual(['builtin', 'builtin', 'builtin', 'builtin']);
    // Not a source the document knows: sent raw.
    expectErrorBody(await tenantApi.raw.get('/v1/event-types?source=elsewhere'), 422, 'VALIDATION_ERROR');
    const bogus = await tenantApi.GET('/event-types', { params: { query: { after: 'bogus' } } });
    expectErrorBody(bogus, 422, 'VALIDATION_ERROR');
  });

  it('accepts well-formed wildcards before any type they cover exists', async () => {
    expectData(await subscribe([`${ns}-later.*`, '*'], '/w'), 201);
    expectErrorBody(await subscribe(['In voice.*'], '/w'), 422, 'VALIDATION_ERROR');
  });

  it('sees a type created through another instance in its subscription API within 2 s', async () => {
    const second = await h.startInstance({});
    const elsewhere = ApiClient.for(second, h.key);
    const type = `${ns}.elsewhere`;
    const subscribeElsewhere = () => subscribe([type], '/b', elsewhere);
    expect((await subscribeElsewhere()).response.status).toBe(422);

    expectData(await define(type), 201);
    const created = Date.now();
    // Timed to when the accepted request was sent: its own round trip is not propagation.
    let askedAt = Date.now();
    let accepted = await subscribeElsewhere();
    while (accepted.response.status !== 201 && Date.now() - created < 2000) {
      await new Promise((r) => setTimeout(r, 100));
      askedAt = Date.now();
      accepted = await subscribeElsewhere();
    }
    expect(accepted.response.status).toBe(201);
    expect(askedAt - created).toBeLessThan(2000);
  });
});
