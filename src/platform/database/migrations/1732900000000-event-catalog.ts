import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The event-type catalog defined at run time: one row per type (its current schema, source and
 * state) and every schema version it has had. `revision` changes on any edit and is the ETag;
 * `version` changes only when the schema does.
 */
export class EventCatalog1732900000000 implements MigrationInterface {
  name = 'EventCatalog1732900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE event_types (
        type text PRIMARY KEY,
        description text NOT NULL DEFAULT '',
        source text NOT NULL CHECK (source IN ('builtin', 'api', 'registry')),
        schema_format text NOT NULL CHECK (schema_format IN ('json-schema', 'avro')),
        schema jsonb NOT NULL,
        examples jsonb NOT NULL DEFAULT '[]',
        version integer NOT NULL,
        revision integer NOT NULL DEFAULT 1,
        registry_subject text,
        registry_version integer,
        archived_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE event_type_versions (
        type text NOT NULL REFERENCES event_types (type),
        version integer NOT NULL,
        schema_format text NOT NULL,
        schema jsonb NOT NULL,
        registry_version integer,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (type, version)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE event_type_versions`);
    await q.query(`DROP TABLE event_types`);
  }
}
