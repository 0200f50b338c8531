import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { startApp } from '../../src/bootstrap.js';
import { ApiKeysService } from '../../src/modules/auth/api-keys.service.js';
import { AppConfig } from '../../src/platform/config/app-config.js';
import { verifyWebhook } from '../../packages/verify/src/index.js';
import { ApiClient, expectData } from '../support/api-client.js';
import { PipelineHarness } from '../support/harness.js';
import type { ReceivedRequest } from '../support/https-receiver.js';
import { follow, expectMonotonic } from '../support/operation-polling.js';
import { operationsEnv } from '../support/operations-seed.js';
import { ownDatabase, type OwnDatabase } from '../support/own-database.js';
import { envelope, eventually } from '../support/pipeline-fixtures.js';
import { TEST_KEY_RING } from '../support/test-config.js';

const NEW_KEY = `k2:${randomBytes(32).toString('base64')}`;
const idem = (key: string) => ({ params: { header: { 'Idempotency-Key': key } } });

/** Every form a secret could leak in: itself, and for whsec_ secrets the key bytes in base64 and hex. */
function leakForms(secret: string): string[] {
  if (!secret.startsWith('whsec_')) return [secret];
  const payload = secret.slice('whsec_'.length);
  return [secret, payload, Buffer.from(payload, 'base64').toString('hex')];
}

/**
 * The acceptance of secrets at rest: subscriptions created, rotated and replayed with an
 * Idempotency-Key leave no secret in their tables nor anywhere in a pg_dump of the whole database,
 * while deliveries still verify; a key-ring rotation re-encrypts every row, with progress, while
 * deliveries go on; and a ring that cannot open the rows refuses to start. The database is the
 * test's own: the rotation changes every row's key.
 */
describe('secrets at rest', () => {
  let db: OwnDatabase;
  let h: PipelineHarness;
  let admin: ApiClient;
  const secrets: string[] = [];
  const subs = { a: '', b: '', c: '' };
  const hmac = { aOld: '', aNew: '', b: `whsec_${randomBytes(32).toString('base64')}` };
  const publicKeys: string[] = [];

  /** Each event reached /a, /b and /c, and each delivery verifies: A with both its secrets, C with both keys. */
  const expectVerified = async (events: { id: string }[]) => {
    await eventually(() => h.delivered(events, ['/a', '/b', '/c']), 60_000, 'every event at every path');
    const ids = new Set(events.map((e) => e.id));
    const at = (path: string) => h.receiver.deliveries(path).filter((r) => ids.has(r.headers['webhook-id']));
    const check = (r: ReceivedRequest, verifier: () => unknown) => expect(verifier).not.toThrow();
    for (const r of at('/a')) {
      check(r, () => new Webhook(hmac.aNew).verify(r.body, r.headers));
      check(r, () => new Webhook(hmac.aOld).verify(r.body, r.headers));
    }
    for (const r of at('/b')) check(r, () => new Webhook(hmac.b).verify(r.body, r.headers));
    for (const r of at('/c'))
      for (const key of publicKeys) check(r, () => verifyWebhook(r.body, r.headers, { secret: key }));
  };
  const publishOne = async () => {
    const event = envelope('order.created', { order_id: `o_${randomBytes(3).toString('hex')}` });
    await h.publish([event]);
    return event;
  };

  beforeAll(async () => {
    db = await ownDatabase('secrets');
    h = await PipelineHarness.start({ operator: true, env: operationsEnv('all', { DATABASE_URL: db.url }) });
    const { key } = await h.app.get(ApiKeysService).create(h.tenant, ['admin'], 'admin');
    admin = h.api.as(key);
  }, 120_000);
  afterAll(async () => {
    await h?.close();
    await db?.drop();
  });

  it('keeps no secret in subscriptions, idempotency_keys or a pg_dump, and deliveries verify', async () => {
    const create = (path: string, extra: object, key: string) =>
      admin.POST('/webhooks', { body: { url: h.receiver.url(path), events: ['order.*'], ...extra }, ...idem(key) });
    const a = expectData(await create('/a', {}, 'create-a'), 201);
    const replayed = await create('/a', {}, 'create-a');
    expect(replayed.response.headers.get('idempotent-replayed')).toBe('true');
    expect(expectData(replayed, 201).secret).toBe(a.secret);
    hmac.aOld = a.secret!;
    subs.a = a.id;
    subs.b = expectData(await create('/b', { secret: hmac.b }, 'create-b'), 201).id;
    subs.c = expectData(await create('/c', { signature_scheme: 'ed25519' }, 'create-c'), 201).id;

    const rotate = (id: string, key: string) =>
      admin.POST('/webhooks/{id}/secret-rotations', {
        params: { path: { id }, header: { 'Idempotency-Key': key } },
        body: { grace_period_seconds: 3600 },
      });
    hmac.aNew = expectData(await rotate(subs.a, 'rotate-a'), 201).secret!;
    expect(expectData(await rotate(subs.a, 'rotate-a'), 201).secret).toBe(hmac.aNew);
    const rotatedC = expectData(await rotate(subs.c, 'rotate-c'), 201);
    expect(rotatedC.secret).toBeUndefined();
    const signingKey = expectData(
      await admin.GET('/webhooks/{id}/signing-key', { params: { path: { id: subs.c } } }),
      200,
    );
    publicKeys.push(...signingKey.keys.map((k) => k.public_key));
    expect(publicKeys).toHaveLength(2);
    expect(signingKey.public_key).toBe(rotatedC.public_key);
    const apiKey = expectData(
      await admin.POST('/api-keys', { body: { name: 'ci', scopes: ['read'] }, ...idem('key-1') }),
      201,
    );
    secrets.push(...[hmac.aOld, hmac.aNew, hmac.b, apiKey.key].flatMap(leakForms));

    await expectVerified([await publishOne()]);

    const rows = await db.pool.query('SELECT * FROM subscriptions');
    expect(rows.rowCount).toBe(3);
    for (const row of rows.rows) {
      for (const entry of row.secrets) {
        expect(Object.keys(entry).sort()).toEqual(
          [
            'created_at',
            'expires_at',
            'id',
            'scheme',
            'sealed',
            ...(entry.scheme === 'ed25519' ? ['public_key'] : []),
          ].sort(),
        );
        expect(entry.sealed).toMatch(/^enc1:test-1:[A-Za-z0-9_-]+$/);
      }
    }
    const stored = await db.pool.query('SELECT * FROM idempotency_keys');
    expect(stored.rows.map((r) => r.key).sort()).toEqual([
      'create-a',
      'create-b',
      'create-c',
      'key-1',
      'rotate-a',
      'rotate-c',
    ]);
    for (const row of stored.rows) expect(row.body).toMatch(/^enc1:test-1:/);
    const tables = JSON.stringify([rows.rows, stored.rows]);
    for (const secret of secrets) expect(tables).not.toContain(secret);

    const dump = execFileSync('pg_dump', ['--no-owner', `--dbname=${db.url}`], {
      maxBuffer: 256 * 1024 * 1024,
    }).toString();
    expect(dump).toContain('enc1:test-1:');
    for (const secret of secrets) expect(dump).not.toContain(secret);
    expect(dump).not.toMatch(/whsec_|whsk_/);

    await expectVerified([await publishOne()]);
  }, 180_000);

  it('fails a re-encryption whose runner seals with another key than the instance that was asked', async () => {
    // A rolling restart half done: an API instance has the new ring; the runner (the harness's) the old.
    const restarted = await h.startInstance({ ROLES: 'api', SECRETS_ENCRYPTION_KEYS: `${NEW_KEY},${TEST_KEY_RING}` });
    try {
      const operator = ApiClient.for(restarted, h.operatorKey);
      const started = await operator.raw.post('/v1/re-encryptions', undefined);
      expect(started.status).toBe(202);
      const { final } = await follow(h.api.as(h.operatorKey), started.body.id, undefined, 30_000);
      expect(final.status).toBe('FAILED');
      expect(final.parameters).toEqual({ key_id: 'k2' });
      expect(JSON.stringify(final.error)).toContain('KEY_RING_CHANGED');
      const keys = await db.pool.query(
        `SELECT DISTINCT split_part(e->>'sealed', ':', 2) AS key_id FROM subscriptions, jsonb_array_elements(secrets) e`,
      );
      expect(keys.rows.map((r) => r.key_id)).toEqual([TEST_KEY_RING.split(':')[0]]);
    } finally {
      await h.stopInstance(restarted);
    }
  }, 120_000);

  it('re-encrypts every row under a new key, with progress, while deliveries go on', async () => {
    const batch = Array.from({ length: 30 }, (_, i) => ({ url: h.receiver.url(`/more/${i}`), events: ['payment.*'] }));
    await admin.raw.post('/v1/webhooks/batch', batch, { headers: { 'Idempotency-Key': 'batch-1' } });
    await h.restartWith({ SECRETS_ENCRYPTION_KEYS: `${NEW_KEY},${TEST_KEY_RING}`, OPERATIONS_BATCH_SIZE: '1' });
    const stale =
      Number((await db.pool.query(`SELECT count(*) FROM subscriptions`)).rows[0].count) +
      Number((await db.pool.query(`SELECT count(*) FROM idempotency_keys WHERE body IS NOT NULL`)).rows[0].count);

    const published: { id: string }[] = [];
    let publishing = true;
    const publisher = (async () => {
      while (publishing) {
        published.push(await publishOne());
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    const operator = h.api.as(h.operatorKey);
    const started = await operator.raw.post('/v1/re-encryptions', undefined);
    expect(started.status).toBe(202);
    expect(started.headers.get('location')).toBe(`/v1/operations/${started.body.id}`);
    const { final, samples } = await follow(operator, started.body.id, undefined, 60_000, 20);
    publishing = false;
    await publisher;

    expect(final.status).toBe('COMPLETED');
    expect(final.result).toEqual({
      key_id: 'k2',
      rows: stale,
      stores: {
        'stored idempotent responses': expect.any(Number),
        'subscription signing secrets and endpoint credentials': 33,
      },
    });
    expect(samples.some((s) => s.progress > 0 && s.progress < 100)).toBe(true);
    expectMonotonic(samples);
    expect(published.length).toBeGreaterThan(1);
    await expectVerified(published);
    const keys = await db.pool.query(
      `SELECT split_part(e->>'sealed', ':', 2) AS key_id FROM subscriptions, jsonb_array_elements(secrets) e
       UNION ALL SELECT split_part(body, ':', 2) FROM idempotency_keys WHERE body IS NOT NULL`,
    );
    expect(new Set(keys.rows.map((r) => r.key_id))).toEqual(new Set(['k2']));

    // The old key can go: a ring of the new one alone opens everything, and deliveries verify.
    await h.restartWith({ SECRETS_ENCRYPTION_KEYS: NEW_KEY, OPERATIONS_BATCH_SIZE: '500' });
    await expectVerified([await publishOne()]);
  }, 240_000);

  it('refuses to start with a ring that cannot open the rows, naming the key', async () => {
    await h.stopApp();
    const config = AppConfig.fromEnv(h.serviceEnv({ SECRETS_ENCRYPTION_KEYS: TEST_KEY_RING }));
    const refused = await startApp(config).then(
      async (app) => {
        await app.close();
        return 'started';
      },
      (error: Error) => error.message,
    );
    expect(refused).toContain('rows exist that no configured key decrypts');
    expect(refused).toContain('sealed with key "k2", which SECRETS_ENCRYPTION_KEYS does not hold');
    const sameIdOtherKey = AppConfig.fromEnv(
      h.serviceEnv({ SECRETS_ENCRYPTION_KEYS: `k2:${randomBytes(32).toString('base64')}` }),
    );
    const refusedToo = await startApp(sameIdOtherKey).then(
      async (app) => (await app.close(), 'started'),
      (error: Error) => error.message,
    );
    expect(refusedToo).toContain('do not open with the configured key of that id');
    await h.restartWith({ SECRETS_ENCRYPTION_KEYS: NEW_KEY });
  }, 120_000);
});
