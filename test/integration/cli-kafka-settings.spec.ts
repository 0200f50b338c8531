import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { promisify } from 'node:util';
import { TEST_DATABASE_URL, TEST_KEY_RING, uniqueId } from '../support/test-config.js';

const CLI = 'dist/src/cli.js';
const run = promisify(execFile);

/**
 * An environment whose Kafka settings the service would refuse: SASL chosen, no user, no password,
 * and a password file that does not exist. Postgres and the key ring are right.
 */
const INCOMPLETE_KAFKA = {
  PATH: process.env.PATH ?? '',
  DATABASE_URL: TEST_DATABASE_URL,
  SECRETS_ENCRYPTION_KEYS: TEST_KEY_RING,
  KAFKA_SECURITY_PROTOCOL: 'SASL_SSL',
  KAFKA_SASL_MECHANISM: 'SCRAM-SHA-512',
  KAFKA_SASL_PASSWORD_FILE: '/nonexistent/kafka-password',
};

/** Runs the built CLI; resolves with its exit code and output, failing or not. */
async function cli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [CLI, ...args], { env: INCOMPLETE_KAFKA, timeout: 60_000 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const { code, stdout, stderr } = error as { code: number; stdout: string; stderr: string };
    return { code, stdout, stderr };
  }
}

describe('the command line: Kafka settings only for the commands that use Kafka', () => {
  beforeAll(() => {
    if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run \`npm run build\` first`);
  });

  // Five CLI processes one after another: each starts Node and Nest, slow beside a full test run.
  it('creates, lists and revokes an API key, and migrates, whatever the Kafka settings', async () => {
    const tenant = uniqueId('cli-');
    const created = await cli('api-keys', 'create', '--tenant', tenant, '--scopes', 'read', '--name', 'no-kafka');
    expect(created).toMatchObject({ code: 0, stdout: expect.stringMatching(/^hk_\S+\n$/) });
    const id = /created API key (\S+) for tenant/.exec(created.stderr)?.[1];
    expect(id).toBeDefined();

    const listed = await cli('api-keys', 'list', '--tenant', tenant);
    expect(listed.code).toBe(0);
    expect(JSON.parse(listed.stdout)).toMatchObject({ id, tenant_id: tenant, name: 'no-kafka', status: 'active' });
    expect(await cli('api-keys', 'revoke', id!)).toMatchObject({ code: 0 });
    expect(await cli('migrate')).toMatchObject({ code: 0, stdout: 'database is up to date\n' });
    expect(await cli('secrets', 'status')).toMatchObject({ code: 0, stdout: expect.stringContaining('key ring:') });
  }, 240_000);

  it('still refuses them for the demo, which runs through Kafka, naming each variable', async () => {
    const demo = await cli('demo');
    expect(demo.code).toBe(1);
    expect(demo.stderr).toContain('hookline: Invalid configuration:');
    expect(demo.stderr).toContain('KAFKA_SASL_PASSWORD_FILE: cannot read /nonexistent/kafka-password');
    expect(demo.stderr).toContain('KAFKA_SASL_USERNAME: required with KAFKA_SASL_MECHANISM=SCRAM-SHA-512');
    expect(demo.stderr).not.toMatch(/\n\s+at /); // no stack trace
  }, 240_000);
});
