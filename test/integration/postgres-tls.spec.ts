import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { DataSource } from 'typeorm';
import { generate } from 'selfsigned';
import { AppConfig } from '../../src/platform/config/app-config.js';
import { connect, dataSourceOptions, runMigrations } from '../../src/platform/database/data-source.js';
import { projectRoot } from '../../src/platform/project-root.js';
import { TEST_DATABASE_URL } from '../support/test-config.js';

const run = promisify(execFile);
/** The local CA's certificate, which deploy/local/postgres.sh has the server present a certificate of. */
const CA = join(projectRoot(), '.data/tls/ca.crt');
const verified = (ca = CA) => `${TEST_DATABASE_URL}?sslmode=verify-full&sslrootcert=${encodeURIComponent(ca)}`;
const TLS_OF_SESSION = 'SELECT ssl, version FROM pg_stat_ssl WHERE pid = pg_backend_pid()';

/**
 * DATABASE_URL with sslmode=verify-full and a CA bundle (sslrootcert): the service's pool, the
 * migrations (the Kubernetes Job's `cli migrate`) and the CLI connect over verified TLS, read from
 * DATABASE_URL_FILE as a mounted Secret too; a server certificate the bundle does not vouch for is
 * refused with a message that names DATABASE_URL and not its password.
 */
describe('Postgres over verified TLS', () => {
  beforeAll(() => {
    if (!existsSync(CA)) throw new Error(`${CA} is missing: run deploy/local/postgres.sh up (make stack-up does)`);
  });

  it('connects the service pool with sslmode=verify-full, the session encrypted', async () => {
    const config = AppConfig.fromEnv({ DATABASE_URL: verified() });
    const source = await connect(new DataSource(dataSourceOptions(config)), config);
    try {
      const [session] = (await source.query(TLS_OF_SESSION)) as { ssl: boolean; version: string }[];
      expect(session.ssl).toBe(true);
      expect(session.version).toMatch(/^TLSv1\.[23]$/);
    } finally {
      await source.destroy();
    }
  });

  it('runs the migrations over it, the URL read from DATABASE_URL_FILE', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'hookline-db-')), 'database-url');
    writeFileSync(file, `${verified()}\n`);
    expect(await runMigrations(AppConfig.fromEnv({ DATABASE_URL_FILE: file }))).toEqual([]);
  });

  it('runs the CLI over it', async () => {
    const { stdout } = await run(process.execPath, ['dist/src/cli.js', 'migrate'], {
      env: { PATH: process.env.PATH ?? '', DATABASE_URL: verified() },
    });
    expect(stdout).toContain('database is up to date');
  });

  it('refuses a server certificate the CA bundle does not vouch for, without printing the password', async () => {
    const other = await generate([{ name: 'commonName', value: 'another CA' }], {
      extensions: [{ name: 'basicConstraints', cA: true }],
    });
    const otherCa = join(mkdtempSync(join(tmpdir(), 'hookline-ca-')), 'ca.pem');
    writeFileSync(otherCa, other.cert);
    const config = AppConfig.fromEnv({ DATABASE_URL: verified(otherCa) });
    const password = new URL(TEST_DATABASE_URL).password;
    const failure = connect(new DataSource(dataSourceOptions(config)), config);
    await expect(failure).rejects.toThrow(/Postgres is not reachable at DATABASE_URL=.*(self-signed|certificate)/);
    await expect(failure).rejects.not.toThrow(`:${password}@`);
  });
});
