import pg from 'pg';
import { AppConfig } from '../../src/platform/config/app-config.js';
import { runMigrations } from '../../src/platform/database/data-source.js';
import { TEST_DATABASE_URL } from './test-config.js';

/** Creates the test database when missing and migrates it, once per Jest run. */
export default async function globalSetup(): Promise<void> {
  const url = new URL(TEST_DATABASE_URL);
  const name = url.pathname.slice(1);
  const admin = new pg.Client({ connectionString: Object.assign(new URL(url), { pathname: '/postgres' }).toString() });
  await admin.connect();
  try {
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (exists.rowCount === 0) await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  await runMigrations(AppConfig.fromEnv({ DATABASE_URL: TEST_DATABASE_URL }));
}
