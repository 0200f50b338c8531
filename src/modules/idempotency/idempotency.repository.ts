import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { KeyUse, ResealedBatch, SealedStore } from '../../platform/crypto/sealed-stores.js';
import { sealedKeyIdSql, type Binding } from '../../platform/crypto/sealed-value.js';
import { SecretBox } from '../../platform/crypto/secret-box.js';

export interface StoredResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export type Reservation =
  | { kind: 'reserved' }
  | { kind: 'in_progress'; fingerprint: string }
  | { kind: 'completed'; fingerprint: string; response: StoredResponse };

const BODY_KEY_ID = sealedKeyIdSql('body');

/**
 * A stored response body is sealed for its row: it may hold a secret (a generated signing secret,
 * a new API key), and a copy under another tenant's key must not open.
 */
export const bodyBinding = (tenantId: string, key: string): Binding => ({
  table: 'idempotency_keys',
  row: `${tenantId}/${key}`,
  purpose: 'response-body',
});

/**
 * Idempotency keys per tenant in Postgres; the primary key (tenant, key) arbitrates races. The
 * stored response bodies are encrypted at rest: this is also their sealed store for the key ring.
 */
@Injectable()
export class IdempotencyRepository implements SealedStore {
  readonly name = 'stored idempotent responses';

  constructor(
    private readonly db: DataSource,
    private readonly box: SecretBox,
  ) {}

  /** Claims the key for this request, or reports who holds it. Expired keys are claimed afresh. */
  async reserve(tenantId: string, key: string, fingerprint: string, ttlHours: number): Promise<Reservation> {
    await this.db.query(`DELETE FROM idempotency_keys WHERE tenant_id = $1 AND key = $2 AND expires_at < now()`, [
      tenantId,
      key,
    ]);
    const inserted: unknown[] = await this.db.query(
      `INSERT INTO idempotency_keys (tenant_id, key, fingerprint, state, expires_at)
       VALUES ($1, $2, $3, 'in_progress', now() + make_interval(hours => $4))
       ON CONFLICT (tenant_id, key) DO NOTHING RETURNING key`,
      [tenantId, key, fingerprint, ttlHours],
    );
    if (inserted.length > 0) return { kind: 'reserved' };
    const rows: {
      fingerprint: string;
      state: string;
      status: number;
      headers: Record<string, string>;
      body: string;
    }[] = await this.db.query(
      `SELECT fingerprint, state, status, headers, body FROM idempotency_keys WHERE tenant_id = $1 AND key = $2`,
      [tenantId, key],
    );
    // Purged between the two statements: treat as a fresh attempt.
    if (rows.length === 0) return this.reserve(tenantId, key, fingerprint, ttlHours);
    const row = rows[0];
    if (row.state !== 'completed') return { kind: 'in_progress', fingerprint: row.fingerprint };
    const body = this.box.openText(row.body, bodyBinding(tenantId, key));
    return {
      kind: 'completed',
      fingerprint: row.fingerprint,
      response: { status: row.status, headers: row.headers, body },
    };
  }

  async complete(tenantId: string, key: string, response: StoredResponse): Promise<void> {
    await this.db.query(
      `UPDATE idempotency_keys SET state = 'completed', status = $3, headers = $4, body = $5
       WHERE tenant_id = $1 AND key = $2`,
      [
        tenantId,
        key,
        response.status,
        JSON.stringify(response.headers),
        this.box.seal(response.body, bodyBinding(tenantId, key)),
      ],
    );
  }

  async release(tenantId: string, key: string): Promise<void> {
    await this.db.query(`DELETE FROM idempotency_keys WHERE tenant_id = $1 AND key = $2 AND state = 'in_progress'`, [
      tenantId,
      key,
    ]);
  }

  async purgeExpired(): Promise<number> {
    const result: [unknown[], number] = await this.db.query(`DELETE FROM idempotency_keys WHERE expires_at < now()`);
    return result[1] ?? 0;
  }

  /** Stored bodies by the key that sealed them ('' for bodies stored before encryption at rest). */
  async census(): Promise<KeyUse[]> {
    // Tenant ids and keys hold no space (their formats), so "<tenant> <key>" names one row.
    const rows: { key_id: string; values: number; sample: string }[] = await this.db.query(
      `SELECT ${BODY_KEY_ID} AS key_id, count(*)::int AS values, min(tenant_id || ' ' || key) AS sample
         FROM idempotency_keys WHERE body IS NOT NULL GROUP BY 1`,
    );
    const uses: KeyUse[] = [];
    for (const r of rows) {
      const [tenantId, key] = [r.sample.slice(0, r.sample.indexOf(' ')), r.sample.slice(r.sample.indexOf(' ') + 1)];
      const [sampled] = (await this.db.query(`SELECT body FROM idempotency_keys WHERE tenant_id = $1 AND key = $2`, [
        tenantId,
        key,
      ])) as { body: string | null }[];
      const sample =
        r.key_id && sampled?.body ? { sealed: sampled.body, binding: bodyBinding(tenantId, key) } : undefined;
      uses.push({ keyId: r.key_id, values: r.values, sample });
    }
    return uses;
  }

  async countStale(primaryKeyId: string): Promise<number> {
    const [row] = (await this.db.query(
      `SELECT count(*)::int AS n FROM idempotency_keys WHERE body IS NOT NULL AND ${BODY_KEY_ID} <> $1`,
      [primaryKeyId],
    )) as { n: number }[];
    return row.n;
  }

  /** Seals again, with the newest key, up to `limit` bodies after `cursor` ((tenant, key) order), rows locked. */
  async resealBatch(box: SecretBox, cursor: string | null, limit: number): Promise<ResealedBatch> {
    const after = cursor ? (JSON.parse(cursor) as [string, string]) : null;
    return this.db.transaction(async (tx) => {
      const rows: { tenant_id: string; key: string; body: string }[] = await tx.query(
        `SELECT tenant_id, key, body FROM idempotency_keys
          WHERE body IS NOT NULL AND ${BODY_KEY_ID} <> $1 AND ($2::text IS NULL OR (tenant_id, key) > ($2, $3))
          ORDER BY tenant_id, key LIMIT $4 FOR UPDATE`,
        [box.primaryKeyId, after?.[0] ?? null, after?.[1] ?? null, limit],
      );
      const resealed = rows.map((r) => ({ ...r, body: box.reseal(r.body, bodyBinding(r.tenant_id, r.key)) }));
      if (resealed.length)
        await tx.query(
          `UPDATE idempotency_keys i SET body = v.body
             FROM jsonb_to_recordset($1::jsonb) AS v(tenant_id text, key text, body text)
            WHERE i.tenant_id = v.tenant_id AND i.key = v.key`,
          [JSON.stringify(resealed)],
        );
      const last = rows[rows.length - 1];
      return { cursor: rows.length === limit ? JSON.stringify([last.tenant_id, last.key]) : null, rows: rows.length };
    });
  }
}
