import type { INestApplication } from '@nestjs/common';
import { startApp } from '../../src/bootstrap.js';
import { createOperatorKey, revokeOperatorKey } from '../../src/modules/auth/operator-keys.js';
import { ApiClient, expectErrorBody } from '../support/api-client.js';
import { HttpsReceiver } from '../support/https-receiver.js';
import { testConfig, uniqueId } from '../support/test-config.js';

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
  const receiver = new HttpsReceiver();
  const tenant = uniqueId('tenant-');
  const tenantKey = uniqueId('tenant_key_').padEnd(24, 't');
  const operatorKey = uniqueId('operator_key_').padEnd(24, 'o');
  const ns = uniqueId('inv'); // the catalog is deployment-wide: each run names its own types
  let config: ReturnType<typeof testConfig>;
  let app: INestApplication;
  let second: INestApplication | undefined;
  let operator: ApiClient;
  let tenantApi: ApiClient;

  beforeAll(async () => {
    await receiver.start();
    config = testConfig({
      ROLES: 'api',
      API_KEYS: `${tenant}:${tenantKey}`,
      OPERATOR_API_KEYS: operatorKey,
      EGRESS_CA_FILE: receiver.caFile,
      EVENT_TYPE_REGISTRY_POLL_MS: '0',
    });
    app = await startApp(config);
    operator = ApiClient.for(app, operatorKey);
    tenantApi = operator.as(tenantKey);
  });

  afterAll(async () => {
    await second?.close();
    await app?.close();
    await receiver.stop();
  });

  const define = (type: string, extra: Record<string, unknown> = {}) =>
    operator.raw.post('/v1/event-types', {
      type,
      description: 'An invoice was paid.',
      schema: invoiceSchema,
      ...extra,
    });

  it('lets an operator define a type, and a tenant read it but never change it (403)', async () => {
    const type = `${ns}.paid`;
    const created = await define(type, { examples: [{ invoice_id: 'i1', amount: 5 }] });
    expect(created.status).toBe(201);
    expect(created.headers.get('location')).toBe(`/v1/event-types/${type}`);
    expect(created.body).toMatchObject({ type, source: 'api', version: 1, archived: false, schema: invoiceSchema });

    const read = await tenantApi.raw.get(`/v1/event-types/${type}`);
    expect(read.status).toBe(200);
    expect(read.body.description).toBe('An invoice was paid.');
    expectErrorBody(await tenantApi.raw.post('/v1/event-types', { type: `${ns}.x`, schema: {} }), 403, 'FORBIDDEN');
    expectErrorBody(await tenantApi.raw.patch(`/v1/event-types/${type}`, { description: 'no' }), 403, 'FORBIDDEN');
    expectErrorBody(await tenantApi.raw.delete(`/v1/event-types/${type}`), 403, 'FORBIDDEN');
    expect((await tenantApi.raw.get(`/v1/event-types/${type}`)).body.description).toBe('An invoice was paid.');
  });

  it('takes an operator key made by the CLI until it is revoked', async () => {
    const { id, key } = await createOperatorKey(config, 'cli');
    const cli = operator.as(key);
    expect(
      (await cli.raw.post('/v1/event-types', { type: `${ns}.cli`, description: '', schema: invoiceSchema })).status,
    ).toBe(201);
    expect(await revokeOperatorKey(config, id)).toBe(true);
    expectErrorBody(await cli.raw.get('/v1/event-types'), 401, 'UNAUTHENTICATED');
  });

  it('answers 422 with every problem of a bad name, schema or example, and 409 for a duplicate', async () => {
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
    expect(badExample.body.error.details[0]).toMatchObject({ field: 'examples[0]', code: 'INVALID_EXAMPLE' });

    expect((await define(`${ns}.dup`)).status).toBe(201);
    expectErrorBody(await define(`${ns}.dup`), 409, 'CONFLICT');
  });

  it('versions a schema change, honours If-Match and replays an Idempotency-Key', async () => {
    const type = `${ns}.versioned`;
    const headers = { 'idempotency-key': uniqueId('idem-') };
    const first = await operator.raw.post(
      '/v1/event-types',
      { type, description: 'd', schema: invoiceSchema },
      { headers },
    );
    const replay = await operator.raw.post(
      '/v1/event-types',
      { type, description: 'd', schema: invoiceSchema },
      { headers },
    );
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');

    const etag = first.headers.get('etag')!;
    const described = await operator.raw.patch(`/v1/event-types/${type}`, { description: 'new words' }, undefined, {
      headers: { 'if-match': etag },
    });
    expect(described.body).toMatchObject({ description: 'new words', version: 1 });
    const staleWrite = await operator.raw.patch(`/v1/event-types/${type}`, { description: 'x' }, undefined, {
      headers: { 'if-match': etag },
    });
    expectErrorBody(staleWrite, 412, 'PRECONDITION_FAILED');

    const schema = { ...invoiceSchema, required: ['invoice_id'] };
    const changed = await operator.raw.patch(`/v1/event-types/${type}`, { schema });
    expect(changed.body).toMatchObject({ version: 2, schema });
    expectErrorBody(
      await operator.raw.patch(`/v1/event-types/${type}`, { schema: { type: 7 } }),
      422,
      'VALIDATION_ERROR',
    );

    const versions = await tenantApi.raw.get(`/v1/event-types/${type}/versions?limit=1`);
    expect(versions.body.data.map((v: { version: number }) => v.version)).toEqual([2]);
    expect(versions.body.pagination.has_more).toBe(true);
    const older = await tenantApi.raw.get(
      `/v1/event-types/${type}/versions?after=${versions.body.pagination.next_cursor}`,
    );
    expect(older.body.data).toMatchObject([{ version: 1, schema: invoiceSchema }]);
  });

  it('archives on DELETE: still readable, refused to new subscriptions, listed only on request', async () => {
    const type = `${ns}.archived`;
    await define(type);
    const subscribe = (events: string[]) => tenantApi.raw.post('/v1/webhooks', { url: receiver.url('/a'), events });
    const existing = await subscribe([type]);
    expect(existing.status).toBe(201);
    expect((await operator.raw.delete(`/v1/event-types/${type}`)).status).toBe(204);
    expect((await operator.raw.delete(`/v1/event-types/${type}`)).status).toBe(204);

    // The existing subscription keeps the archived type, even through an edit of another field.
    const edited = await tenantApi.raw.patch(`/v1/webhooks/${existing.body.id}`, { description: 'still here' });
    expect(edited.body).toMatchObject({ events: [type], description: 'still here' });

    expect((await tenantApi.raw.get(`/v1/event-types/${type}`)).body).toMatchObject({ archived: true });
    const refused = await subscribe([type]);
    expectErrorBody(refused, 422, 'VALIDATION_ERROR');
    expect(refused.body.error.details[0]).toMatchObject({ field: 'events[0]', code: 'UNKNOWN_EVENT_TYPE' });
    const listed = async (query: string) =>
      (await tenantApi.raw.get(`/v1/event-types?prefix=${ns}.&limit=100${query}`)).body.data.map(
        (t: { type: string }) => t.type,
      );
    expect(await listed('')).not.toContain(type);
    expect(await listed('&include_archived=true')).toContain(type);
  });

  it('pages by name with a cursor and filters by prefix and source', async () => {
    await Promise.all(['a', 'b', 'c'].map((x) => define(`${ns}-page.${x}`)));
    const first = await tenantApi.raw.get(`/v1/event-types?prefix=${ns}-page.&limit=2`);
    expect(first.body.data.map((t: { type: string }) => t.type)).toEqual([`${ns}-page.a`, `${ns}-page.b`]);
    const next = await tenantApi.raw.get(
      `/v1/event-types?prefix=${ns}-page.&after=${first.body.pagination.next_cursor}`,
    );
    expect(next.body.data.map((t: { type: string }) => t.type)).toEqual([`${ns}-page.c`]);
    expect(next.body.pagination).toEqual({ next_cursor: null, has_more: false });
    const builtin = await tenantApi.raw.get('/v1/event-types?source=builtin');
    expect(builtin.body.data.map((t: { source: string }) => t.source)).toEqual([
      'builtin',
      'builtin',
      'builtin',
      'builtin',
    ]);
    expectErrorBody(await tenantApi.raw.get('/v1/event-types?source=elsewhere'), 422, 'VALIDATION_ERROR');
    expectErrorBody(await tenantApi.raw.get('/v1/event-types?after=bogus'), 422, 'VALIDATION_ERROR');
  });

  it('accepts well-formed wildcards before any type they cover exists', async () => {
    const created = await tenantApi.raw.post('/v1/webhooks', {
      url: receiver.url('/w'),
      events: [`${ns}-later.*`, '*'],
    });
    expect(created.status).toBe(201);
    const malformed = await tenantApi.raw.post('/v1/webhooks', { url: receiver.url('/w'), events: ['In voice.*'] });
    expectErrorBody(malformed, 422, 'VALIDATION_ERROR');
  });

  it('sees a type created through another instance in its subscription API within 2 s', async () => {
    second = await startApp(config);
    const elsewhere = ApiClient.for(second, tenantKey);
    const type = `${ns}.elsewhere`;
    const subscribe = () => elsewhere.raw.post('/v1/webhooks', { url: receiver.url('/b'), events: [type] });
    expect((await subscribe()).status).toBe(422);

    expect((await define(type)).status).toBe(201);
    const created = Date.now();
    let accepted = await subscribe();
    while (accepted.status !== 201 && Date.now() - created < 2000) {
      await new Promise((r) => setTimeout(r, 100));
      accepted = await subscribe();
    }
    expect(accepted.status).toBe(201);
    expect(Date.now() - created).toBeLessThan(2000);
  });
});
