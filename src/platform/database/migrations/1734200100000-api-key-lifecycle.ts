import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * API keys as a resource: an optional expiry (a key is refused from then on), and an index for the
 * per-tenant listing, newest first.
 */
export class ApiKeyLifecycle1734200100000 implements MigrationInterface {
  name = 'ApiKeyLifecycle1734200100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE api_keys ADD COLUMN expires_at timestamptz`);
    await q.query(`DROP INDEX api_keys_tenant`);
    await q.query(`CREATE INDEX api_keys_tenant ON api_keys (tenant_id, created_at DESC, id DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX api_keys_tenant`);
    await q.query(`CREATE INDEX api_keys_tenant ON api_keys (tenant_id)`);
    await q.query(`ALTER TABLE api_keys DROP COLUMN expires_at`);
  }
}
