// Plain ESM on purpose: Jest loads global setup outside its transform, so this uses the compiled
// service (make test builds first) to migrate the shared test database.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import pg from 'pg';

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://hookline:hookline@127.0.0.1:5432/hookline_test';

export default async function globalSetup() {
  // Names this run's topics (see test-config.ts), so the teardown deletes only its own and never those
  // of another run on the same broker. Workers inherit it; the first project's setup sets it.
  process.env.HOOKLINE_TEST_RUN ??= randomBytes(2).toString('hex');
  const url = new URL(TEST_DATABASE_URL);
  const name = url.pathname.slice(1);
  const adminUrl = new URL(url);
  adminUrl.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  try {
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (exists.rowCount === 0) await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const compiled = new URL('../../dist/src/platform/database/data-source.js', import.meta.url);
  const config = new URL('../../dist/src/platform/config/app-config.js', import.meta.url);
  if (!existsSync(compiled)) throw new Error('dist/ is missing: run `make build` (make test does) first');
  const { runMigrations } = await import(compiled.href);
  const { AppConfig } = await import(config.href);
  // The tests' key ring: a database written before encryption at rest has rows to encrypt.
  const { SECRETS_ENCRYPTION_KEYS } = JSON.parse(
    readFileSync(new URL('./test-key-ring.json', import.meta.url), 'utf8'),
  );
  await runMigrations(AppConfig.fromEnv({ DATABASE_URL: TEST_DATABASE_URL, SECRETS_ENCRYPTION_KEYS }));
}
