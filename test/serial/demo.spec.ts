import { spawn } from 'node:child_process';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from '../../src/devtools/service-process.js';
import { projectRoot } from '../../src/platform/project-root.js';
import { TEST_DATABASE_URL, TEST_KEY_RING, testRunId } from '../support/test-config.js';

interface DemoRun {
  code: number | null;
  output: string;
}

/**
 * `make demo` as a newcomer runs it (the built CLI), on the tests' database and topics of its own.
 * `killAfter`: the run is killed with its service (SIGKILL to its process group) once its output
 * shows that line, as an interrupted demo would be.
 */
async function runDemo(env: Record<string, string>, killAfter?: RegExp): Promise<DemoRun> {
  const child = spawn(process.execPath, [join(projectRoot(), 'dist/src/cli.js'), 'demo'], {
    env: { ...process.env, ...env, PORT: String(await freePort()) },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  const read = (chunk: Buffer) => {
    output += chunk.toString();
    if (killAfter?.test(output)) process.kill(-child.pid!, 'SIGKILL');
  };
  child.stdout.on('data', read);
  child.stderr.on('data', read);
  const deadline = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), 120_000);
  return new Promise((resolve) =>
    child.on('exit', (code) => {
      clearTimeout(deadline);
      resolve({ code, output });
    }),
  );
}

describe('make demo', () => {
  const run = testRunId();
  const env = {
    DATABASE_URL: TEST_DATABASE_URL,
    DATABASE_MIGRATE_ON_START: 'false',
    SECRETS_ENCRYPTION_KEYS: TEST_KEY_RING,
    KAFKA_TOPIC_PREFIX: `${run}.webhooks`,
    KAFKA_GROUP_PREFIX: run,
    INGEST_TOPICS: `${run}.events`,
  };
  const db = new pg.Pool({ connectionString: TEST_DATABASE_URL, max: 1 });
  const countOf = async (table: 'subscriptions' | 'api_keys') =>
    Number((await db.query(`SELECT count(*) AS n FROM ${table} WHERE tenant_id = 'demo'`)).rows[0].n);

  beforeAll(() => db.query(`DELETE FROM subscriptions WHERE tenant_id = 'demo'`));
  afterAll(() => db.end());

  it('delivers every sample event, and an interrupted run leaves nothing behind the next one trips on or keeps', async () => {
    const interrupted = await runDemo(env, /201 subscription/);
    expect(interrupted.code).toBeNull();
    expect(await countOf('subscriptions')).toBe(1);
    const keysAfterFirstRun = await countOf('api_keys');

    const { code, output } = await runDemo(env);
    expect({ code, tail: output.slice(-3000) }).toEqual({ code: 0, tail: expect.any(String) as string });
    expect(output).toContain('removed 1 demo subscription(s): left by an earlier run');
    expect(output).toMatch(/deliveries received {2}20 \(20 distinct\)/);
    expect(output).toContain('20 attempts recorded, status codes: 200');
    expect(output).toContain('removed 1 demo subscription(s): its receiver stops now');
    expect(output).toContain('service stopped cleanly (SIGTERM, exit 0)');
    expect(await countOf('subscriptions')).toBe(0);
    // The second run seeded the same key as the first: runs do not pile up keys of tenant demo.
    expect(await countOf('api_keys')).toBe(keysAfterFirstRun);
  }, 300_000);
});
