import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { AppConfig } from '../../src/platform/config/app-config.js';
import { runMigrations } from '../../src/platform/database/data-source.js';
import { TEST_DATABASE_URL, TEST_KEY_RING } from './test-config.js';

export interface OwnDatabase {
  url: string;
  pool: pg.Pool;
  drop(): Promise<void>;
}

/**
 * A database of the test's own, beside the suites' shared one, migrated: for tests that change the
 * key ring of every row (another suite's rows would stop opening) or read the whole database.
 */
export async function ownDatabase(label: string, migrate = true): Promise<OwnDatabase> {
  const base = new URL(TEST_DATABASE_URL);
  const name = `${base.pathname.slice(1)}_${label}_${randomBytes(3).toString('hex')}`;
  const admin = new URL(base);
  admin.pathname = '/postgres';
  const run = async (sql: string) => {
    const client = new pg.Client({ connectionString: admin.toString() });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await run(`CREATE DATABASE "${name}"`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  if (migrate)
    await runMigrations(AppConfig.fromEnv({ DATABASE_URL: url.toString(), SECRETS_ENCRYPTION_KEYS: TEST_KEY_RING }));
  const pool = new pg.Pool({ connectionString: url.toString(), max: 3 });
  return {
    url: url.toString(),
    pool,
    drop: async () => {
      await pool.end();
      await run(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}
