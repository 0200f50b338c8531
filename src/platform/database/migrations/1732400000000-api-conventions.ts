import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Shared state of the REST API across instances: rate-limit windows and idempotency keys. */
export class ApiConventions1732400000000 implements MigrationInterface {
  name = 'ApiConventions1732400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE rate_limit_buckets (
        bucket text NOT NULL,
        window_start timestamptz NOT NULL,
        hits integer NOT NULL,
        PRIMARY KEY (bucket, window_start)
      )`);
    await q.query(`CREATE INDEX rate_limit_buckets_window ON rate_limit_buckets (window_start)`);
    await q.query(`
      CREATE TABLE idempotency_keys (
        tenant_id text NOT NULL,
        key text NOT NULL,
        fingerprint text NOT NULL,
        state text NOT NULL,
        status integer,
        headers jsonb,
        body text,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        PRIMARY KEY (tenant_id, key)
      )`);
    await q.query(`CREATE INDEX idempotency_keys_expiry ON idempotency_keys (expires_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE idempotency_keys`);
    await q.query(`DROP TABLE rate_limit_buckets`);
  }
}
