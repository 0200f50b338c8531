import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generate } from 'selfsigned';
import { securedListeners } from '../support/secured-kafka.js';
import { TEST_DATABASE_URL, TEST_KEY_RING } from '../support/test-config.js';

const MAIN = 'dist/src/main.js';
/** Services still running: killed after each test, so one that outlives its test (a timeout) is no orphan. */
const running = new Set<ChildProcess>();

/** Runs the built service with env and returns its exit code, output and how long it took. */
function runService(env: Record<string, string>): Promise<{ code: number | null; output: string; ms: number }> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [MAIN], {
      env: {
        PATH: process.env.PATH ?? '',
        LOG_LEVEL: 'silent',
        METRICS_PORT: '0',
        SECRETS_ENCRYPTION_KEYS: TEST_KEY_RING,
        ...env,
      },
    });
    running.add(child);
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const killer = setTimeout(() => child.kill('SIGKILL'), 75_000);
    child.on('exit', (code) => {
      running.delete(child);
      clearTimeout(killer);
      resolve({ code, output, ms: Date.now() - started });
    });
  });
}

describe('start-up failures end the process with one clear message', () => {
  beforeAll(() => {
    if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: run \`make build\` (make test does) first`);
  });
  afterEach(() => running.forEach((child) => child.kill('SIGKILL')));

  it('stops on a bad configuration value, naming the variable', async () => {
    const result = await runService({ PORT: 'eighty', DATABASE_URL: TEST_DATABASE_URL });
    expect(result.code).toBe(1);
    expect(result.output).toContain('PORT');
    expect(result.output).not.toMatch(/\n\s+at /); // no stack trace
  });

  it('stops in production without a key ring for secrets at rest, saying how to make one', async () => {
    const result = await runService({ DATABASE_URL: TEST_DATABASE_URL, PORT: '0', SECRETS_ENCRYPTION_KEYS: '' });
    expect(result.code).toBe(1);
    expect(result.output).toContain('hookline: cannot start: SECRETS_ENCRYPTION_KEYS');
    expect(result.output).toContain('hookline secrets generate-key');
    expect(result.output).not.toMatch(/\n\s+at /);
  });

  it('stops within 60 s when Kafka is unreachable', async () => {
    const result = await runService({ KAFKA_BROKERS: '127.0.0.1:1', DATABASE_URL: TEST_DATABASE_URL, PORT: '0' });
    expect(result.code).not.toBe(0);
    expect(result.ms).toBeLessThan(60_000);
    expect(result.output).toContain('KAFKA_BROKERS=127.0.0.1:1');
  }, 80_000);

  it('stops within 60 s when Postgres is unreachable, without printing the password', async () => {
    const result = await runService({ DATABASE_URL: 'postgres://hookline:s3cret@127.0.0.1:1/hookline', PORT: '0' });
    expect(result.code).not.toBe(0);
    expect(result.ms).toBeLessThan(60_000);
    expect(result.output).toContain('DATABASE_URL');
    expect(result.output).not.toContain('s3cret');
  }, 80_000);

  it('stops at once on a client certificate whose key is not its own, in one line, instead of retrying', async () => {
    // The mTLS listener's own client certificate, with the key of another: no connection could be made.
    const listeners = securedListeners();
    const otherKey = join(mkdtempSync(join(tmpdir(), 'hookline-mtls-')), 'other.key');
    writeFileSync(otherKey, (await generate([{ name: 'commonName', value: 'hookline' }])).private);
    const result = await runService({
      DATABASE_URL: TEST_DATABASE_URL,
      PORT: '0',
      KAFKA_BROKERS: listeners.mtls,
      KAFKA_SECURITY_PROTOCOL: 'SSL',
      KAFKA_SSL_CA_FILE: listeners.caFile,
      KAFKA_SSL_CERT_FILE: listeners.clientCertFile,
      KAFKA_SSL_KEY_FILE: otherKey,
    });
    expect(result.code).toBe(1);
    expect(result.ms).toBeLessThan(15_000);
    expect(result.output).toContain(
      `KAFKA_SSL_KEY_FILE: ${otherKey} is not the private key of the certificate in ${listeners.clientCertFile}`,
    );
    expect(result.output).not.toMatch(/\n\s+at /);
  }, 30_000);
});
