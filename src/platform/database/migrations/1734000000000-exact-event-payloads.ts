import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Events are stored as the JSON text they were delivered with (`payload_text`), since `jsonb`
 * refuses U+0000 and unpaired surrogates and rewrites numbers, spaces and key order. Rows written
 * before keep their `jsonb` payload, which readers fall back to; no row is rewritten, so the change
 * is instant on a large table.
 */
export class ExactEventPayloads1734000000000 implements MigrationInterface {
  name = 'ExactEventPayloads1734000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE events ADD COLUMN payload_text text`);
    await q.query(`ALTER TABLE events ALTER COLUMN payload DROP NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`UPDATE events SET payload = payload_text::jsonb WHERE payload IS NULL`);
    await q.query(`ALTER TABLE events ALTER COLUMN payload SET NOT NULL`);
    await q.query(`ALTER TABLE events DROP COLUMN payload_text`);
  }
}
