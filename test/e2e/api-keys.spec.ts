import type { INestApplication } from '@nestjs/common';
import { ApiKeysService } from '../../src/modules/auth/api-keys.service.js';
import { ApiClient, expectData, expectErrorBody } from '../support/api-client.js';
import { PipelineHarness } from '../support/harness.js';
import { eventually } from '../support/pipeline-fixtures.js';

const REVOCATION_BOUND_MS = 2_000;

/** How long until `client` is refused with 401, polling every 50 ms (bounded at 10 s). */
async function msUntilRefused(client: ApiClient, since: number): Promise<number> {
  while (Date.now() - since < 10_000) {
    if ((await client.raw.get('/v1/webhooks')).status === 401) return Date.now() - since;
    await new Promise((r) => setTimeout(r, 50));
  }
  return Infinity;
}

/** API keys as a resource: created with scopes and an expiry, listed by prefix, revoked on every instance. */
describe('REST /v1/api-keys', () => {
  let h: PipelineHarness;
  let admin: ApiClient;
  let operator: ApiClient;
  let second: INestApplication;

  beforeAll(async () => {
    h = await PipelineHarness.start({ operator: true, env: { API_RATE_LIMIT_PER_MINUTE: '1000000' } });
    const { key } = await h.app.get(ApiKeysService).create(h.tenant, ['admin'], 'test admin');
    admin = h.api.as(key);
    operator = h.api.as(h.operatorKey);
    second = await h.startInstance({});
  });
  afterAll(() => h?.close());

  it('creates a key shown once, with its prefix, scopes, expiry and creation time, and lists it without the key', async () => {
    const expiresAt = new Date(Date.now() + 86_400_000).toISOString();
    const created = expectData(
      await admin.POST('/api-keys', { body: { name: 'ci', scopes: ['read', 'write'], expires_at: expiresAt } }),
      201,
    );
    expect(created).toMatchObject({ name: 'ci', scopes: ['read', 'write'], tenant_id: h.tenant, status: 'active' });
    expect(created.key.startsWith(created.prefix)).toBe(true);
    expect(Date.parse(created.expires_at!)).toBe(Date.parse(expiresAt));
    expect(Date.parse(created.created_at)).toBeGreaterThan(Date.now() - 60_000);
    expectData(await h.api.as(created.key).GET('/webhooks'), 200);

    const listed = expectData(await admin.GET('/api-keys', {}), 200).data.find((k) => k.id === created.id)!;
    expect(listed).toMatchObject({ prefix: created.prefix, scopes: ['read', 'write'], revoked_at: null });
    expect(JSON.stringify(listed)).not.toContain(created.key);
    const stored = await h.fixtures.db.query('SELECT key_hash FROM api_keys WHERE id = $1', [created.id]);
    expect(stored.rows[0].key_hash).not.toContain(created.key);
  });

  it('writes last_used_at on use, at most once a minute', async () => {
    const { id, key } = await h.app.get(ApiKeysService).create(h.tenant, ['read'], 'usage');
    const lastUsed = async () =>
      (await h.fixtures.db.query('SELECT last_used_at FROM api_keys WHERE id = $1', [id])).rows[0]
        .last_used_at as Date | null;
    expect(await lastUsed()).toBeNull();
    expectData(await h.api.as(key).GET('/webhooks'), 200);
    await eventually(async () => (await lastUsed()) !== null, 5_000, 'last_used_at written');
    const first = (await lastUsed())!.getTime();
    for (const client of [h.api.as(key), ApiClient.for(second, key)]) expectData(await client.GET('/webhooks'), 200);
    await new Promise((r) => setTimeout(r, 500));
    expect((await lastUsed())!.getTime()).toBe(first);
    const shown = expectData(await admin.GET('/api-keys', {}), 200).data.find((k) => k.id === id)!;
    expect(Date.parse(shown.last_used_at!)).toBe(first);
  });

  it('lets an admin manage its own tenant only, and an operator any tenant, naming it', async () => {
    const { key: writer } = await h.app.get(ApiKeysService).create(h.tenant, ['read', 'write'], 'writer');
    const body = { name: 'x', scopes: ['read'] as ('read' | 'write' | 'admin')[] };
    expectErrorBody(await h.api.as(writer).POST('/api-keys', { body }), 403, 'FORBIDDEN');
    expectErrorBody(await h.api.as(writer).GET('/api-keys', {}), 403, 'FORBIDDEN');
    expectErrorBody(
      await admin.POST('/api-keys', { body: { ...body, tenant_id: 'another-tenant' } }),
      403,
      'FORBIDDEN',
    );
    expectErrorBody(await operator.POST('/api-keys', { body }), 422, 'VALIDATION_ERROR');
    const made = expectData(await operator.POST('/api-keys', { body: { ...body, tenant_id: h.tenant } }), 201);
    expect(made.tenant_id).toBe(h.tenant);
    expect(expectData(await admin.GET('/api-keys', {}), 200).data.map((k) => k.id)).toContain(made.id);
    const past = new Date(Date.now() - 1000).toISOString();
    expectErrorBody(await admin.POST('/api-keys', { body: { ...body, expires_at: past } }), 422, 'VALIDATION_ERROR');
    expectErrorBody(await admin.raw.post('/v1/api-keys', { name: 'x', scopes: ['operator'] }), 422, 'VALIDATION_ERROR');
    // Another tenant's key is not the admin's to revoke; it answers as if it did not exist.
    const other = await h.app.get(ApiKeysService).create('another-tenant', ['read'], 'theirs');
    expectErrorBody(await admin.raw.delete(`/v1/api-keys/${other.id}`), 404, 'NOT_FOUND');
    expect((await operator.raw.delete(`/v1/api-keys/${other.id}`)).status).toBe(204);
  });

  it('refuses a revoked key on both instances within 2 s', async () => {
    const created = expectData(await admin.POST('/api-keys', { body: { name: 'revoke me', scopes: ['read'] } }), 201);
    const instances = [h.api.as(created.key), ApiClient.for(second, created.key)];
    // Each instance has just looked the key up, so a stale copy is what each would keep.
    for (const client of instances) expectData(await client.GET('/webhooks'), 200);
    const revokedAt = Date.now();
    expect((await admin.raw.delete(`/v1/api-keys/${created.id}`)).status).toBe(204);
    const delays = await Promise.all(instances.map((client) => msUntilRefused(client, revokedAt)));
    for (const delay of delays) expect(delay).toBeLessThan(REVOCATION_BOUND_MS);
    expectErrorBody(await instances[1].raw.get('/v1/webhooks'), 401, 'UNAUTHENTICATED');
    const listed = expectData(await admin.GET('/api-keys', {}), 200).data.find((k) => k.id === created.id)!;
    expect(listed.status).toBe('revoked');
    expect((await admin.raw.delete(`/v1/api-keys/${created.id}`)).status).toBe(204);
  });

  it('refuses an expired key', async () => {
    const expiresAt = new Date(Date.now() + 1500).toISOString();
    const created = expectData(
      await admin.POST('/api-keys', { body: { name: 'short', scopes: ['read'], expires_at: expiresAt } }),
      201,
    );
    expectData(await h.api.as(created.key).GET('/webhooks'), 200);
    await new Promise((r) => setTimeout(r, Date.parse(expiresAt) - Date.now() + 50));
    for (const app of [h.app, second]) {
      const refused = await ApiClient.for(app, created.key).raw.get('/v1/webhooks');
      expectErrorBody(refused, 401, 'UNAUTHENTICATED');
      expect(refused.body.error.message).toBe(
        `The API key expired at ${new Date(Date.parse(expiresAt)).toISOString()}.`,
      );
    }
    const listed = expectData(await admin.GET('/api-keys', {}), 200).data.find((k) => k.id === created.id)!;
    expect(listed.status).toBe('expired');
  });

  it('replays a creation with the same Idempotency-Key with the same key, stored encrypted', async () => {
    const post = () =>
      admin.raw.post(
        '/v1/api-keys',
        { name: 'once', scopes: ['read'] },
        { headers: { 'Idempotency-Key': 'key-once' } },
      );
    const first = await post();
    const replay = await post();
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body.key).toBe(first.body.key);
    const rows = await h.fixtures.db.query(`SELECT body FROM idempotency_keys WHERE key = 'key-once'`);
    expect(rows.rows[0].body).toMatch(/^enc1:/);
    expect(rows.rows[0].body).not.toContain(first.body.key);
  });

  it('keeps a revoked key of API_KEYS revoked through a restart', async () => {
    const seeded = expectData(await admin.GET('/api-keys', { params: { query: { limit: 100 } } }), 200).data.find(
      (k) => k.name === 'bootstrap (API_KEYS)',
    )!;
    expect(h.key.startsWith(seeded.prefix)).toBe(true);
    expect((await admin.raw.delete(`/v1/api-keys/${seeded.id}`)).status).toBe(204);
    await eventually(async () => (await h.api.raw.get('/v1/webhooks')).status === 401, 2_000, 'refused');
    await h.stopInstance(second);
    await h.stopApp();
    await h.startApp();
    expectErrorBody(await h.api.raw.get('/v1/webhooks'), 401, 'UNAUTHENTICATED');
    const rows = await h.fixtures.db.query(
      `SELECT id, revoked_at FROM api_keys WHERE tenant_id = $1 AND name = 'bootstrap (API_KEYS)'`,
      [h.tenant],
    );
    expect(rows.rows).toHaveLength(1);
    expect(rows.rows[0].id).toBe(seeded.id);
    expect(rows.rows[0].revoked_at).not.toBeNull();
  });
});
