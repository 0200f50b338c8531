import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { isWildcard, patternMatches } from './event-type-name.js';
import { seedBuiltinTypes } from './builtin-types.js';
import { EventTypesRepository, type EventTypeRecord } from './event-types.repository.js';
import { compileSchema, type DataCheck } from './schema-compiler.js';

export { patternMatches } from './event-type-name.js';
export type EventType = EventTypeRecord;

interface Entry {
  record: EventTypeRecord;
  /** Compiled on first use; null when the stored schema does not compile (then data is not checked). */
  check?: DataCheck | null;
}

/**
 * This instance's copy of the event catalog, for the hot paths (subscription checks, ingest
 * validation). Loaded from Postgres at start, after the builtin types are seeded, and kept fresh
 * by the `<prefix>.event-types` changelog, which every instance reads.
 */
@Injectable()
export class EventCatalog implements OnModuleInit {
  private readonly byType = new Map<string, Entry>();
  private readonly log = new Logger('EventCatalog');

  constructor(private readonly repository: EventTypesRepository) {}

  async onModuleInit(): Promise<void> {
    await seedBuiltinTypes(this.repository);
    for (const record of await this.repository.all()) this.byType.set(record.type, { record });
    this.log.log(`event catalog loaded: ${this.byType.size} types`);
  }

  /** Re-reads one type from Postgres (what a changelog record asks for). */
  async reload(type: string): Promise<void> {
    const record = await this.repository.get(type);
    if (record) this.apply(record);
  }

  /** Holds a newer row; an older revision (a replayed changelog record) changes nothing. */
  apply(record: EventTypeRecord): void {
    const held = this.byType.get(record.type);
    if (held && held.record.revision > record.revision) return;
    this.byType.set(record.type, { record });
  }

  list(): EventTypeRecord[] {
    return [...this.byType.values()].map((e) => e.record).sort((a, b) => a.type.localeCompare(b.type));
  }

  get(type: string): EventTypeRecord | undefined {
    return this.byType.get(type)?.record;
  }

  /** `*` and well-formed prefix wildcards always; an exact type when it exists and is not archived. */
  isValidPattern(pattern: string): boolean {
    if (isWildcard(pattern)) return true;
    const record = this.get(pattern);
    return record !== undefined && record.archivedAt === null;
  }

  /** The catalog entries a set of patterns covers. */
  covered(patterns: readonly string[]): EventTypeRecord[] {
    return this.list().filter((t) => patterns.some((p) => patternMatches(p, t.type)));
  }

  /** Problems of `data` against the type's current schema; undefined when the catalog does not know the type. */
  check(type: string, data: unknown): string[] | undefined {
    const entry = this.byType.get(type);
    if (!entry) return undefined;
    if (entry.check === undefined) {
      const compiled = compileSchema(entry.record.schemaFormat, entry.record.schema);
      if (compiled.problems.length) {
        this.log.warn(`${type} v${entry.record.version}: schema does not compile, data not checked`);
      }
      entry.check = compiled.check ?? null;
    }
    return entry.check ? entry.check(data) : [];
  }
}
