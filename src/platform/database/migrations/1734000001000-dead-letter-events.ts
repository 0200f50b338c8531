import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every dead letter names its event (id and type, when they could be read), so that a tenant finds
 * a refused or parked event by id; `payload_unparsed` says why a record's bytes are not also kept
 * as JSON. Rows indexed before are filled in from their JSON.
 */
export class DeadLetterEvents1734000001000 implements MigrationInterface {
  name = 'DeadLetterEvents1734000001000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE dead_letters ADD COLUMN event_id text, ADD COLUMN event_type text, ADD COLUMN payload_unparsed text`,
    );
    const field = (path: string) =>
      `CASE WHEN jsonb_typeof(payload_json #> '${path}') = 'string' THEN payload_json #>> '${path}' END`;
    await q.query(`
      UPDATE dead_letters
         SET event_id = coalesce(${field('{event,id}')}, ${field('{id}')}),
             event_type = coalesce(${field('{event,type}')}, ${field('{type}')})
       WHERE payload_json IS NOT NULL AND jsonb_typeof(payload_json) = 'object'`);
    await q.query(`CREATE INDEX dead_letters_event ON dead_letters (tenant_id, event_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX dead_letters_event`);
    await q.query(
      `ALTER TABLE dead_letters DROP COLUMN payload_unparsed, DROP COLUMN event_type, DROP COLUMN event_id`,
    );
  }
}
