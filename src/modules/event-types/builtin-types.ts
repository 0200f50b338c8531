import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../../platform/project-root.js';
import type { EventTypesRepository } from './event-types.repository.js';

/** The shipped defaults, one JSON Schema file per type under schemas/event-types/. */
export function builtinTypes(directory = join(projectRoot(), 'schemas', 'event-types')) {
  return readdirSync(directory)
    .filter((f) => f.endsWith('.schema.json'))
    .map((file) => {
      const schema = JSON.parse(readFileSync(join(directory, file), 'utf8')) as Record<string, unknown>;
      // The schema's `examples` (JSON Schema's own keyword) are the type's examples: what a test event sends.
      const examples = Array.isArray(schema.examples) ? (schema.examples as unknown[]) : [];
      return {
        type: file.replace(/\.schema\.json$/, ''),
        description: String(schema.description ?? ''),
        schema,
        examples,
      };
    });
}

/**
 * Inserts each builtin type unless a type of that name exists: seeded at the first start, after
 * which operators own them (an edit or an archive is never undone by a restart). An unedited one
 * only gains the examples a newer release ships.
 */
export async function seedBuiltinTypes(repository: EventTypesRepository): Promise<void> {
  for (const t of builtinTypes()) {
    const inserted = await repository.insert({ ...t, source: 'builtin', schemaFormat: 'json-schema' });
    if (!inserted) await repository.fillShippedExamples(t.type, t.examples);
  }
}
