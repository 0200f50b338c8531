import { Injectable } from '@nestjs/common';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface EventType {
  type: string;
  description: string;
  /** JSON Schema (2020-12) of the envelope's `data` for this type. */
  schema: Record<string, unknown>;
}

const SCHEMA_DIR = join('schemas', 'event-types');

/** The repository root, found upward from this file (same answer from src/ under Jest and dist/src/). */
function findSchemaDir(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(dir, SCHEMA_DIR))) return join(dir, SCHEMA_DIR);
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`event catalog: no ${SCHEMA_DIR} directory above ${import.meta.url}`);
    dir = parent;
  }
}

/** Whether a subscription pattern (`order.created`, `order.*`, `*`) covers an event type. */
export function patternMatches(pattern: string, type: string): boolean {
  if (pattern === '*') return true;
  if (pattern.endsWith('.*')) return type.startsWith(pattern.slice(0, -1));
  return pattern === type;
}

/** The event types Hookline knows, one JSON Schema file each under schemas/event-types/. */
@Injectable()
export class EventCatalog {
  private readonly byType: Map<string, EventType>;

  constructor(directory: string = findSchemaDir()) {
    const files = readdirSync(directory).filter((f) => f.endsWith('.schema.json'));
    const types = files.map((file): EventType => {
      const schema = JSON.parse(readFileSync(join(directory, file), 'utf8')) as Record<string, unknown>;
      return { type: file.replace(/\.schema\.json$/, ''), description: String(schema.description ?? ''), schema };
    });
    this.byType = new Map(types.sort((a, b) => a.type.localeCompare(b.type)).map((t) => [t.type, t]));
  }

  list(): EventType[] {
    return [...this.byType.values()];
  }

  get(type: string): EventType | undefined {
    return this.byType.get(type);
  }

  /** A pattern is valid when it is `*`, a known type, or `<prefix>.*` covering at least one known type. */
  isValidPattern(pattern: string): boolean {
    if (pattern === '*') return true;
    if (pattern.endsWith('.*')) return this.list().some((t) => patternMatches(pattern, t.type));
    return this.byType.has(pattern);
  }

  /** The catalog entries a set of patterns covers. */
  covered(patterns: readonly string[]): EventType[] {
    return this.list().filter((t) => patterns.some((p) => patternMatches(p, t.type)));
  }
}
