import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { connect, createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generate } from 'selfsigned';
import { securedListeners } from '../support/secured-kafka.js';
import { operatorEnv, TEST_DATABASE_URL, TEST_KEY_RING, testRunId } from '../support/test-config.js';

const MAIN = 'dist/src/main.js';
/** Services still running: killed after each test, so one that outlives its test (a timeout) is no orphan. */
const running = new Set<ChildProcess>();

interface Run {
  child: ChildProcess;
  /** stdout and stderr as they came, interleaved. */
  output: () => string;
  exited: Promise<{ code: number | null; output: string; ms: number }>;
}

/** Spawns the built service with env; `exited` tells its exit code, output and how long it ran. */
function spawnService(env: Record<string, string>): Run {
  const started = Date.now();
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
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const killer = setTimeout(() => child.kill('SIGKILL'), 75_000);
  const exited = new Promise<{ code: number | null; output: string; ms: number }>((resolve) =>
    child.on('exit', (code) => {
      running.delete(child);
      clearTimeout(killer);
      resolve({ code, output, ms: Date.now() - started });
    }),
  );
  return { child, output: () => output, exited };
}

/** Runs the built service with env and returns its exit code, output and how long it took. */
function runService(env: Record<string, string>): Promise<{ code: number | null; output: string; ms: number }> {
  return spawnService(env).exited;
}

/** Every line of the output as the JSON object it must be (a line that is not fails the test). */
function jsonLines(output: string): Record<string, unknown>[] {
  return output
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      try {
        return JSON.parse(line) as Record<string, unknown>;
      } catch {
        throw new Error(`not a JSON line: ${line}`);
      }
    });
}

/** The failure line: exactly one error line, naming the setting and its cause; no stack, no secret. */
function expectOneErrorLine(output: string, setting: string, cause: string, secret?: string): void {
  const errors = jsonLines(output).filter((line) => line.level === 'error' || line.level === 'fatal');
  expect(errors).toHaveLength(1);
  expect(errors[0].msg).toContain(setting);
  expect(errors[0].msg).toContain(cause);
  expect(output).not.toContain('    at ');
  if (secret) expect(output).not.toContain(secret);
}

/** A TCP proxy to Postgres holding each connection for delayMs first: a start that waits on its database. */
async function slowPostgres(delayMs: number): Promise<{ url: string; close: () => void }> {
  const target = new URL(TEST_DATABASE_URL);
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    sockets.add(client);
    client.on('error', () => undefined);
    setTimeout(() => {
      const upstream = connect(Number(target.port || 5432), target.hostname);
      sockets.add(upstream);
      upstream.on('error', () => client.destroy());
      client.pipe(upstream).pipe(client);
    }, delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(TEST_DATABASE_URL);
  url.port = String((server.address() as { port: number }).port);
  return { url: url.toString(), close: () => (server.close(), sockets.forEach((s) => s.destroy())) };
}

/** Resolves once the output contains text (or rejects after ms). */
async function outputContains(run: Run, text: string, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!run.output().includes(text)) {
    if (Date.now() > deadline) throw new Error(`no "${text}" within ${ms} ms:\n${run.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
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

  describe('in JSON, one line each, from the first line', () => {
    const info = { LOG_LEVEL: 'info', DATABASE_URL: TEST_DATABASE_URL, PORT: '0' };

    it('a production start without a key ring: one error line naming SECRETS_ENCRYPTION_KEYS', async () => {
      const result = await runService({ ...info, SECRETS_ENCRYPTION_KEYS: '' });
      expect(result.code).toBe(1);
      expect(result.ms).toBeLessThan(15_000);
      expectOneErrorLine(result.output, 'SECRETS_ENCRYPTION_KEYS', 'is required in production');
    }, 30_000);

    it('an empty key ring file: one error line saying the file is empty', async () => {
      const file = join(mkdtempSync(join(tmpdir(), 'hookline-ring-')), 'keys');
      writeFileSync(file, '\n');
      const result = await runService({ ...info, SECRETS_ENCRYPTION_KEYS: '', SECRETS_ENCRYPTION_KEYS_FILE: file });
      expect(result.code).toBe(1);
      expect(result.ms).toBeLessThan(15_000);
      expectOneErrorLine(result.output, 'SECRETS_ENCRYPTION_KEYS_FILE', `${file} is empty`);
    }, 30_000);

    it('a wrong database password: one error line naming DATABASE_URL, without the password', async () => {
      const url = new URL(TEST_DATABASE_URL);
      url.password = 'Wr0ngPassw0rd';
      const result = await runService({ ...info, DATABASE_URL: url.toString() });
      expect(result.code).toBe(1);
      expect(result.ms).toBeLessThan(15_000);
      expectOneErrorLine(result.output, 'DATABASE_URL', 'password authentication failed', 'Wr0ngPassw0rd');
    }, 30_000);

    it('a normal start: JSON lines from the first, each with the time it happened', async () => {
      // Each database connection waits 1.5 s, so building the modules takes that long at least.
      const database = await slowPostgres(1_500);
      try {
        const run = spawnService({ ...operatorEnv(testRunId()), DATABASE_URL: database.url, LOG_LEVEL: 'info' });
        await outputContains(run, 'listening on', 60_000);
        const lines = jsonLines(run.output().slice(0, run.output().lastIndexOf('\n')));
        const times = lines.map((line) => Date.parse(line.time as string));
        expect(times).toEqual([...times].sort((a, b) => a - b));
        // Buffered, the lines logged while Nest built the modules all carried the flush's time.
        const at = (text: string) => times[lines.findIndex((line) => String(line.msg).includes(text))];
        const building = at('TypeOrmCoreModule dependencies initialized') - at('Starting Nest application');
        expect(building).toBeGreaterThanOrEqual(1_000);
      } finally {
        database.close();
      }
    }, 80_000);

    it('SIGTERM while the start waits for Kafka: the drain line, and exit 0 within seconds', async () => {
      // Nothing listens on port 1: the Kafka client keeps retrying for up to a minute.
      const run = spawnService({ ...info, KAFKA_BROKERS: '127.0.0.1:1' });
      await outputContains(run, 'dependencies initialized', 30_000);
      const signalled = Date.now();
      run.child.kill('SIGTERM');
      const result = await run.exited;
      expect(Date.now() - signalled).toBeLessThan(8_000);
      expect(result.code).toBe(0);
      expect(jsonLines(result.output).some((line) => String(line.msg).startsWith('SIGTERM: draining'))).toBe(true);
    }, 60_000);
  });
});
