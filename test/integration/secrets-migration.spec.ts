import { DataSource } from 'typeorm';
import { AppConfig } from '../../src/platform/config/app-config.js';
import { dataSourceOptions, runMigrations } from '../../src/platform/database/data-source.js';
import { signDelivery, signWithKeys } from '../../src/platform/egress/signer.js';
import { IdempotencyRepository } from '../../src/modules/idempotency/idempotency.repository.js';
import { SubscriptionSecrets } from '../../src/modules/subscriptions/subscription-secrets.js';
import type { SigningSecret } from '../../src/modules/subscriptions/subscription.entity.js';
import { ownDatabase, type OwnDatabase } from '../support/own-database.js';
import { TEST_KEY_RING, testSecretBox, uniqueId } from '../support/test-config.js';

const NEWER = 'whsec_bGVnYWN5IHNlY3JldCBvZiBhIHN1YnNjcmlwdGlvbg==';
const OLDER = 'plain-older-secret-in-its-grace';
const BODY = JSON.stringify({ id: 'sub-1', secret: 'whsec_c2hvd24gb25jZSwgc3RvcmVkIGZvciByZXBsYXlz' });

/**
 * The migration that encrypts what was stored in clear: it asks for the key ring only when rows
 * need it (refusing, with the reason, when there is none), and what it seals the services open.
 */
describe('migration: secrets stored in clear are encrypted', () => {
  let db: OwnDatabase;
  const subscriptionId = '4f3c2b1a-0000-4000-8000-00000000a001';
  const tenant = uniqueId('tenant-');
  const config = (keys?: string) =>
    AppConfig.fromEnv({ DATABASE_URL: db.url, ...(keys !== undefined ? { SECRETS_ENCRYPTION_KEYS: keys } : {}) });

  /** Undoes the migrations down to before secrets at rest, as a database of the previous release. */
  async function toPreviousRelease(): Promise<void> {
    const source = await new DataSource(dataSourceOptions(config(TEST_KEY_RING))).initialize();
    try {
      while (
        (await source.query(`SELECT name FROM schema_migrations ORDER BY id DESC LIMIT 1`))[0].name !==
        'MatchingLeases1733300000000'
      )
        await source.undoLastMigration({ transaction: 'each' });
    } finally {
      await source.destroy();
    }
  }

  beforeAll(async () => {
    db = await ownDatabase('migration');
    await toPreviousRelease();
    const now = Date.now();
    const legacy = [
      { secret: NEWER, created_at: new Date(now).toISOString(), expires_at: null },
      {
        secret: OLDER,
        created_at: new Date(now - 1000).toISOString(),
        expires_at: new Date(now + 3_600_000).toISOString(),
      },
    ];
    await db.pool.query(
      `INSERT INTO subscriptions (id, tenant_id, url, events, secrets) VALUES ($1, $2, 'https://example.com/h', '{order.*}', $3)`,
      [subscriptionId, tenant, JSON.stringify(legacy)],
    );
    await db.pool.query(
      `INSERT INTO idempotency_keys (tenant_id, key, fingerprint, state, status, headers, body, expires_at)
       VALUES ($1, 'k1', 'f', 'completed', 201, '{}', $2, now() + interval '1 day')`,
      [tenant, BODY],
    );
  }, 120_000);
  afterAll(() => db?.drop());

  it('refuses without a key ring while rows need one, and leaves them as they were', async () => {
    await expect(runMigrations(config())).rejects.toThrow(/SECRETS_ENCRYPTION_KEYS .* is required in production/);
    const [row] = (await db.pool.query(`SELECT secrets FROM subscriptions`)).rows;
    expect(row.secrets[0].secret).toBe(NEWER);
  });

  it('seals every version of every subscription and every stored body, for the services to open', async () => {
    // These two first; the migrations of later releases follow them.
    expect((await runMigrations(config(TEST_KEY_RING))).slice(0, 2)).toEqual([
      'SecretsAtRest1734200000000',
      'ApiKeyLifecycle1734200100000',
    ]);
    const [{ secrets }] = (await db.pool.query(`SELECT secrets FROM subscriptions`)).rows as {
      secrets: SigningSecret[];
    }[];
    expect(secrets.map((s) => s.scheme)).toEqual(['hmac-sha256', 'hmac-sha256']);
    expect(secrets.every((s) => /^enc1:test-1:/.test(s.sealed))).toBe(true);
    expect(JSON.stringify(secrets)).not.toContain(NEWER.slice(6));
    expect(JSON.stringify(secrets)).not.toContain(OLDER);

    const keys = new SubscriptionSecrets(testSecretBox()).signingKeys({ id: subscriptionId, version: 1, secrets });
    const input = { msgId: 'evt_1', timestamp: 1_800_000_000, body: '{}' };
    expect(signWithKeys(input, keys)).toEqual(signDelivery({ ...input, secrets: [NEWER, OLDER] }));

    const [{ body }] = (await db.pool.query(`SELECT body FROM idempotency_keys`)).rows;
    expect(body).toMatch(/^enc1:test-1:/);
    const source = await new DataSource(dataSourceOptions(config(TEST_KEY_RING))).initialize();
    try {
      const reservation = await new IdempotencyRepository(source, testSecretBox()).reserve(tenant, 'k1', 'f', 24);
      expect(reservation).toEqual({
        kind: 'completed',
        fingerprint: 'f',
        response: { status: 201, headers: {}, body: BODY },
      });
    } finally {
      await source.destroy();
    }
  });

  it('undoes itself: the previous release finds its secrets in clear again', async () => {
    await toPreviousRelease();
    const [{ secrets }] = (await db.pool.query(`SELECT secrets FROM subscriptions`)).rows;
    expect(secrets.map((s: { secret: string }) => s.secret)).toEqual([NEWER, OLDER]);
    const [{ body }] = (await db.pool.query(`SELECT body FROM idempotency_keys`)).rows;
    expect(body).toBe(BODY);
  });
});
