import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Tenants' API keys and webhook subscriptions. */
export class Foundation1732240000000 implements MigrationInterface {
  name = 'Foundation1732240000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE api_keys (
        id uuid PRIMARY KEY,
        tenant_id text NOT NULL,
        name text NOT NULL DEFAULT '',
        key_hash text NOT NULL UNIQUE,
        key_prefix text NOT NULL,
        scopes text[] NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_used_at timestamptz,
        revoked_at timestamptz
      )`);
    await q.query(`CREATE INDEX api_keys_tenant ON api_keys (tenant_id)`);
    await q.query(`
      CREATE TABLE subscriptions (
        id uuid PRIMARY KEY,
        tenant_id text NOT NULL,
        url text NOT NULL,
        events text[] NOT NULL,
        description text NOT NULL DEFAULT '',
        metadata jsonb NOT NULL DEFAULT '{}',
        alert_url text,
        secrets jsonb NOT NULL,
        status text NOT NULL DEFAULT 'active',
        status_reason text,
        status_changed_at timestamptz,
        rate_limit_per_second integer,
        send_traceparent boolean NOT NULL DEFAULT true,
        version integer NOT NULL DEFAULT 1,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX subscriptions_tenant_id ON subscriptions (tenant_id, id)`);
    await q.query(`CREATE INDEX subscriptions_tenant_created ON subscriptions (tenant_id, created_at, id)`);
    await q.query(`CREATE INDEX subscriptions_events ON subscriptions USING gin (events)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE subscriptions`);
    await q.query(`DROP TABLE api_keys`);
  }
}
