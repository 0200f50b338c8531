import { randomUUID } from 'node:crypto';
import type { MigrationInterface, QueryRunner } from 'typeorm';
import type { SecretBox } from '../../crypto/secret-box.js';

const BATCH = 500;

interface LegacySecret {
  secret?: string;
  id?: string;
  sealed?: string;
  created_at: string;
  expires_at: string | null;
}

/**
 * Encrypts what was stored in clear before encryption at rest: every subscription's signing secrets
 * (each becomes a version with an id, sealed for its subscription and that id) and every stored
 * idempotent response body. The key ring comes from the configuration the migration runner has, and
 * is asked for only when there is something to encrypt: a fresh database migrates without one.
 * Bindings are written out here as they were when this ran; the services open them with the same.
 */
export function secretsAtRestMigration(box: () => SecretBox): new () => MigrationInterface {
  return class SecretsAtRest1734200000000 implements MigrationInterface {
    name = 'SecretsAtRest1734200000000';

    async up(q: QueryRunner): Promise<void> {
      await sealSubscriptionSecrets(q, box);
      await sealStoredResponses(q, box);
    }

    async down(q: QueryRunner): Promise<void> {
      await openSubscriptionSecrets(q, box);
      await openStoredResponses(q, box);
    }
  };
}

const secretBinding = (id: string, secretId: string) => ({
  table: 'subscriptions',
  row: id,
  purpose: `signing-secret/${secretId}`,
});
const bodyBinding = (tenantId: string, key: string) => ({
  table: 'idempotency_keys',
  row: `${tenantId}/${key}`,
  purpose: 'response-body',
});

async function sealSubscriptionSecrets(q: QueryRunner, box: () => SecretBox): Promise<void> {
  for (let after = ''; ;) {
    const rows: { id: string; secrets: LegacySecret[] }[] = await q.query(
      `SELECT id, secrets FROM subscriptions
        WHERE id::text > $1 AND EXISTS (SELECT 1 FROM jsonb_array_elements(secrets) e WHERE e->>'secret' IS NOT NULL)
        ORDER BY id::text LIMIT ${BATCH}`,
      [after],
    );
    if (rows.length === 0) return;
    const sealed = rows.map(({ id, secrets }) => ({
      id,
      secrets: secrets.map((s) => {
        if (s.secret === undefined) return s;
        const secretId = randomUUID();
        const { created_at, expires_at } = s;
        const value = box().seal(s.secret, secretBinding(id, secretId));
        return { id: secretId, scheme: 'hmac-sha256', sealed: value, created_at, expires_at };
      }),
    }));
    await q.query(
      `UPDATE subscriptions s SET secrets = v.secrets
         FROM jsonb_to_recordset($1::jsonb) AS v(id uuid, secrets jsonb) WHERE s.id = v.id`,
      [JSON.stringify(sealed)],
    );
    after = rows[rows.length - 1].id;
  }
}

async function sealStoredResponses(q: QueryRunner, box: () => SecretBox): Promise<void> {
  for (;;) {
    const rows: { tenant_id: string; key: string; body: string }[] = await q.query(
      `SELECT tenant_id, key, body FROM idempotency_keys
        WHERE body IS NOT NULL AND body NOT LIKE 'enc1:%' ORDER BY tenant_id, key LIMIT ${BATCH}`,
    );
    if (rows.length === 0) return;
    const sealed = rows.map((r) => ({ ...r, body: box().seal(r.body, bodyBinding(r.tenant_id, r.key)) }));
    await q.query(
      `UPDATE idempotency_keys i SET body = v.body
         FROM jsonb_to_recordset($1::jsonb) AS v(tenant_id text, key text, body text)
        WHERE i.tenant_id = v.tenant_id AND i.key = v.key`,
      [JSON.stringify(sealed)],
    );
  }
}

/** Down: HMAC secrets back in clear; an ed25519 version has no clear form before this migration. */
async function openSubscriptionSecrets(q: QueryRunner, box: () => SecretBox): Promise<void> {
  const rows: { id: string; secrets: LegacySecret[] }[] = await q.query(`SELECT id, secrets FROM subscriptions`);
  for (const { id, secrets } of rows) {
    const opened = secrets.map((s) => {
      if (s.sealed === undefined) return s;
      if ((s as { scheme?: string }).scheme === 'ed25519')
        throw new Error(`subscription ${id} signs with ed25519, which the earlier schema cannot hold`);
      const secret = box().open(s.sealed, secretBinding(id, s.id!)).toString('utf8');
      return { secret, created_at: s.created_at, expires_at: s.expires_at };
    });
    await q.query(`UPDATE subscriptions SET secrets = $2 WHERE id = $1`, [id, JSON.stringify(opened)]);
  }
}

async function openStoredResponses(q: QueryRunner, box: () => SecretBox): Promise<void> {
  const rows: { tenant_id: string; key: string; body: string }[] = await q.query(
    `SELECT tenant_id, key, body FROM idempotency_keys WHERE body LIKE 'enc1:%'`,
  );
  for (const r of rows) {
    const body = box().open(r.body, bodyBinding(r.tenant_id, r.key)).toString('utf8');
    await q.query(`UPDATE idempotency_keys SET body = $3 WHERE tenant_id = $1 AND key = $2`, [
      r.tenant_id,
      r.key,
      body,
    ]);
  }
}
