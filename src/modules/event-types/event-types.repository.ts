import { Injectable } from '@nestjs/common';
import { isDeepStrictEqual } from 'node:util';
import { DataSource, type EntityManager } from 'typeorm';
import type { StageChange } from './event-type-changelog.js';
import type { SchemaFormat } from './schema-compiler.js';

export type EventTypeSource = 'builtin' | 'api' | 'registry';

export interface EventTypeRecord {
  type: string;
  description: string;
  source: EventTypeSource;
  schemaFormat: SchemaFormat;
  schema: Record<string, unknown>;
  examples: unknown[];
  version: number;
  revision: number;
  registrySubject: string | null;
  registryVersion: number | null;
  archivedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface EventTypeVersion {
  version: number;
  schemaFormat: SchemaFormat;
  schema: Record<string, unknown>;
  registryVersion: number | null;
  createdAt: Date;
}

export type NewEventType = Pick<EventTypeRecord, 'type' | 'description' | 'source' | 'schemaFormat' | 'schema'> &
  Partial<Pick<EventTypeRecord, 'examples' | 'registrySubject' | 'registryVersion'>>;

export interface ListFilter {
  prefix?: string;
  source?: EventTypeSource;
  includeArchived: boolean;
  after?: string;
  limit: number;
}

/* eslint-disable @typescript-eslint/no-explicit-any -- rows straight from pg */
const toRecord = (r: any): EventTypeRecord => ({
  type: r.type,
  description: r.description,
  source: r.source,
  schemaFormat: r.schema_format,
  schema: r.schema,
  examples: r.examples,
  version: r.version,
  revision: r.revision,
  registrySubject: r.registry_subject,
  registryVersion: r.registry_version,
  archivedAt: r.archived_at,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});
/* eslint-enable @typescript-eslint/no-explicit-any */

/** The catalog in Postgres: types and the schema versions each has had. Deployment-wide, not per tenant. */
@Injectable()
export class EventTypesRepository {
  constructor(private readonly db: DataSource) {}

  async all(): Promise<EventTypeRecord[]> {
    return ((await this.db.query(`SELECT * FROM event_types ORDER BY type`)) as unknown[]).map(toRecord);
  }

  async get(type: string, manager: EntityManager = this.db.manager, lock = false): Promise<EventTypeRecord | null> {
    const rows: unknown[] = await manager.query(
      `SELECT * FROM event_types WHERE type = $1${lock ? ' FOR UPDATE' : ''}`,
      [type],
    );
    return rows.length ? toRecord(rows[0]) : null;
  }

  /** One page in name order, `limit + 1` rows so the caller knows whether more follow. */
  async list(filter: ListFilter): Promise<EventTypeRecord[]> {
    const where = ['($1::text IS NULL OR starts_with(type, $1))', '($2::text IS NULL OR source = $2)'];
    if (!filter.includeArchived) where.push('archived_at IS NULL');
    where.push('($3::text IS NULL OR type > $3)');
    const rows: unknown[] = await this.db.query(
      `SELECT * FROM event_types WHERE ${where.join(' AND ')} ORDER BY type LIMIT $4`,
      [filter.prefix ?? null, filter.source ?? null, filter.after ?? null, filter.limit + 1],
    );
    return rows.map(toRecord);
  }

  async versions(type: string, before: number | undefined, limit: number): Promise<EventTypeVersion[]> {
    const rows: Record<string, unknown>[] = await this.db.query(
      `SELECT * FROM event_type_versions WHERE type = $1 AND ($2::int IS NULL OR version < $2)
        ORDER BY version DESC LIMIT $3`,
      [type, before ?? null, limit + 1],
    );
    return rows.map((r) => ({
      version: r.version as number,
      schemaFormat: r.schema_format as SchemaFormat,
      schema: r.schema as Record<string, unknown>,
      registryVersion: r.registry_version as number | null,
      createdAt: r.created_at as Date,
    }));
  }

  /**
   * Gives a shipped type the examples it now ships with, when nobody edited it since it was seeded
   * (revision 1) and it has none: a database seeded by an older release gets them at the next start.
   */
  async fillShippedExamples(type: string, examples: unknown[]): Promise<void> {
    if (!examples.length) return;
    await this.db.query(
      `UPDATE event_types SET examples = $2, updated_at = now()
        WHERE type = $1 AND source = 'builtin' AND revision = 1 AND examples = '[]'::jsonb`,
      [type, JSON.stringify(examples)],
    );
  }

  /**
   * Inserts a type at version 1; null when the name is taken (seeding relies on that to run every
   * start). `stage` runs in the same transaction when a row was inserted.
   */
  insert(t: NewEventType, stage?: StageChange): Promise<EventTypeRecord | null> {
    return this.db.transaction(async (m) => {
      const rows: unknown[] = await m.query(
        `INSERT INTO event_types (type, description, source, schema_format, schema, examples, version,
                                  registry_subject, registry_version)
         VALUES ($1, $2, $3, $4, $5, $6, 1, $7, $8) ON CONFLICT (type) DO NOTHING RETURNING *`,
        [
          t.type,
          t.description,
          t.source,
          t.schemaFormat,
          JSON.stringify(t.schema),
          JSON.stringify(t.examples ?? []),
          t.registrySubject ?? null,
          t.registryVersion ?? null,
        ],
      );
      if (!rows.length) return null;
      await this.addVersion(m, t.type, 1, t.schemaFormat, t.schema, t.registryVersion ?? null);
      const record = toRecord(rows[0]);
      await stage?.(m, record);
      return record;
    });
  }

  /**
   * Applies a change to the locked row inside one transaction; a changed schema becomes a new
   * version. `decide` sees the current row and returns the change, or null to leave it alone
   * (then `after` is `before`). Null when there is no such type. `stage` runs in the same
   * transaction when the row changed.
   */
  update(
    type: string,
    decide: (current: EventTypeRecord) => (Partial<NewEventType> & { archived?: boolean }) | null,
    stage?: StageChange,
  ): Promise<{ before: EventTypeRecord; after: EventTypeRecord } | null> {
    return this.db.transaction(async (m) => {
      const current = await this.get(type, m, true);
      if (!current) return null;
      const c = decide(current);
      if (!c) return { before: current, after: current };
      const schemaChanged =
        c.schema !== undefined &&
        (!isDeepStrictEqual(c.schema, current.schema) ||
          (c.schemaFormat ?? current.schemaFormat) !== current.schemaFormat);
      const version = schemaChanged ? current.version + 1 : current.version;
      const archived = c.archived === undefined ? current.archivedAt !== null : c.archived;
      // TypeORM answers an UPDATE … RETURNING with [rows, affected count].
      const [rows] = (await m.query(
        `UPDATE event_types SET description = $2, source = $3, schema_format = $4, schema = $5, version = $6,
                revision = revision + 1, registry_subject = $7, registry_version = $8, updated_at = now(),
                archived_at = CASE WHEN $9::boolean THEN coalesce(archived_at, now()) ELSE NULL END
          WHERE type = $1 RETURNING *`,
        [
          type,
          c.description ?? current.description,
          c.source ?? current.source,
          c.schemaFormat ?? current.schemaFormat,
          JSON.stringify(c.schema ?? current.schema),
          version,
          c.registrySubject === undefined ? current.registrySubject : c.registrySubject,
          c.registryVersion === undefined ? current.registryVersion : c.registryVersion,
          archived,
        ],
      )) as [unknown[], number];
      const after = toRecord(rows[0]);
      if (schemaChanged) {
        await this.addVersion(m, type, version, after.schemaFormat, after.schema, after.registryVersion);
      }
      await stage?.(m, after);
      return { before: current, after };
    });
  }

  /** Registry types of this prefix whose subject is no longer in the registry. */
  async registryTypesMissing(prefix: string, subjects: string[]): Promise<string[]> {
    const rows: { type: string }[] = await this.db.query(
      `SELECT type FROM event_types WHERE source = 'registry' AND archived_at IS NULL
          AND starts_with(registry_subject, $1) AND NOT (registry_subject = ANY($2::text[]))`,
      [prefix, subjects],
    );
    return rows.map((r) => r.type);
  }

  private async addVersion(
    m: EntityManager,
    type: string,
    version: number,
    format: SchemaFormat,
    schema: Record<string, unknown>,
    registryVersion: number | null,
  ): Promise<void> {
    await m.query(
      `INSERT INTO event_type_versions (type, version, schema_format, schema, registry_version)
       VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING`,
      [type, version, format, JSON.stringify(schema), registryVersion],
    );
  }
}
