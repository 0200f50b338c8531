import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = new URL('../../../', import.meta.url).pathname;
const modules = join(root, 'src/modules');
const migrations = join(root, 'src/platform/database/migrations');

/**
 * Reads of another module's table that the house allows, each with its reason (docs/architecture.md).
 * The ordered lane joins subscriptions inside its claim and intake statements, read-only, so that a
 * claim skips a disabled subscription and an intake drops a deleted one's entries in the same snapshot.
 */
const ALLOWED = new Set(['subscriptions ordering']);

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? filesUnder(join(dir, d.name)) : d.name.endsWith('.ts') ? [join(dir, d.name)] : [],
  );
}

/** The tables the migrations create. */
function tables(): string[] {
  const names = filesUnder(migrations).flatMap((f) =>
    [...readFileSync(f, 'utf8').matchAll(/CREATE TABLE (?:IF NOT EXISTS )?([a-z_]+)/g)].map((m) => m[1]),
  );
  return [...new Set(names)];
}

/** Per table, the module folders whose SQL names it (FROM, JOIN, INTO, UPDATE) or whose entity maps it. */
function queriedBy(): Map<string, Set<string>> {
  const all = tables();
  const byTable = new Map(all.map((t) => [t, new Set<string>()]));
  for (const file of filesUnder(modules)) {
    const module = relative(modules, file).split('/')[0];
    const text = readFileSync(file, 'utf8');
    for (const table of all) {
      const sql = new RegExp(`\\b(FROM|JOIN|INTO|UPDATE)\\s+${table}\\b`);
      const entity = new RegExp(`@Entity\\(\\{?\\s*(name:\\s*)?'${table}'`);
      if (sql.test(text) || entity.test(text)) byTable.get(table)!.add(module);
    }
  }
  return byTable;
}

describe('one owner per table', () => {
  it('finds the tables and their queries (the scan itself works)', () => {
    const byTable = queriedBy();
    expect(byTable.size).toBeGreaterThan(10);
    expect([...byTable.get('events')!]).toContain('events');
    expect([...byTable.get('subscriptions')!]).toContain('subscriptions');
  });

  it('each table is queried by one module of src/modules, besides the reads the house allows', () => {
    const shared = [...queriedBy()]
      .map(([table, modules]) => [table, [...modules].filter((m) => !ALLOWED.has(`${table} ${m}`))] as const)
      .filter(([, modules]) => modules.length > 1);
    expect(shared).toEqual([]);
  });
});
