import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

export interface StoredResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export type Reservation =
  | { kind: 'reserved' }
  | { kind: 'in_progress'; fingerprint: string }
  | { kind: 'completed'; fingerprint: string; response: StoredResponse };

/** Idempotency keys per tenant in Postgres; the primary key (tenant, key) arbitrates races. */
@Injectable()
export class IdempotencyRepository {
  constructor(private readonly db: DataSource) {}

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
    return {
      kind: 'completed',
      fingerprint: row.fingerprint,
      response: { status: row.status, headers: row.headers, body: row.body },
    };
  }

  async complete(tenantId: string, key: string, response: StoredResponse): Promise<void> {
    await this.db.query(
      `UPDATE idempotency_keys SET state = 'completed', status = $3, headers = $4, body = $5
       WHERE tenant_id = $1 AND key = $2`,
      [tenantId, key, response.status, JSON.stringify(response.headers), response.body],
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
}
