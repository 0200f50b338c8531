import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectRoot } from '../../src/platform/project-root.js';
import { TEST_DATABASE_URL, TEST_KEY_RING } from '../support/test-config.js';

/**
 * Smoke test of `npm run bench -- --quick` (the built bench, as CI would run it): every scenario
 * runs to the end on the real stack and the summary table is printed. No timing is asserted: the
 * figures depend on the machine and its load; only what must hold at any speed is checked.
 */
interface QuickResults {
  baseline: { deliveries: number; concurrency: number; cpuMsPerRequest: number };
  durable: { deliveries: number; concurrency: number; cpuMsPerRequest: number };
  fanout: {
    throughput: { deliveries: number; events: number };
    subscriptions: number;
    duplicates: number;
    latency: { deliveries: number; latencyMs: { p50: number; max: number } };
  }[];
  hang: {
    alone: { healthyDeliveries: number; hangingRequests: number; exitCode: number | null };
    beside: { healthyDeliveries: number; hangingRequests: number; heldAtEnd: number; exitCode: number | null };
  };
  freshness: { on: { events: number }; off: { events: number } };
  filters: {
    with: { events: number };
    without: { events: number };
    unguarded: { events: number };
    subscriptions: number;
  };
  ordered: {
    unordered: { events: number };
    ordered: { keys: number; events: number; ratio: number }[];
    neighbours: {
      besideUnordered: { events: number };
      besideOrdered: { events: number };
      ratio: number;
      twinRatio: number;
    };
  };
  backlog: { messages: number; delivered: number; peakRssMiB: number };
}

/**
 * Runs the built bench and resolves with its exit code and output. Past `deadlineMs` the bench is
 * stopped and resolves with code null, so a run that stalls fails with its own output to read, not
 * with Jest's bare timeout.
 */
function runQuickBench(
  resultsDir: string,
  script = 'run.js',
  deadlineMs = 270_000,
): Promise<{ code: number | null; output: string }> {
  // The quick defaults, whatever BENCH_* the environment holds: the counts below depend on them.
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('BENCH_')));
  const child = spawn(process.execPath, [join(projectRoot(), 'dist/bench', script), '--quick'], {
    // The tests' key ring, as make bench passes the local stack's: the bench seals what it seeds.
    env: {
      ...env,
      BENCH_DATABASE_URL: TEST_DATABASE_URL,
      BENCH_RESULTS_DIR: resultsDir,
      SECRETS_ENCRYPTION_KEYS: TEST_KEY_RING,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group: a stalled bench is stopped with the services and receiver it started.
    detached: true,
  });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  const deadline = setTimeout(() => {
    output += `\n[bench-quick] still running after ${deadlineMs / 1000} s: stopped\n`;
    process.kill(-child.pid!, 'SIGKILL');
  }, deadlineMs);
  return new Promise((resolve) =>
    child.on('exit', (code) => {
      clearTimeout(deadline);
      resolve({ code, output });
    }),
  );
}

describe('npm run bench -- --quick', () => {
  it('runs every scenario and prints one table of ratios to raw and to the durable loop', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hookline-bench-quick-'));
    const { code, output } = await runQuickBench(dir);

    expect({ code, tail: output.slice(-4000) }).toEqual({ code: 0, tail: expect.any(String) as string });
    expect(output).toMatch(/\| case +\| per second +\| × raw +\| × durable +\| p50 \/ p95 \/ p99 ms +\| notes +\|/);
    for (const row of [
      'raw baseline (undici, 64 in flight)',
      'durable baseline (Kafka in, POST, attempt rows, commit; 64 in flight)',
      '10 subs, burst',
      'healthy subs alone',
      'healthy beside 2 hanging',
    ])
      expect(output).toContain(row);
    expect(output).toMatch(/ingest events\/s, freshness wait default/);
    expect(output).toMatch(/ingest events\/s, 100 filtered subs/);

    const json = readdirSync(dir).find((f) => f.endsWith('.json'))!;
    const results = JSON.parse(readFileSync(join(dir, json), 'utf8')) as QuickResults;
    expect(results.baseline).toMatchObject({ deliveries: 2000, concurrency: 64 });
    // The service's CPU a delivery beside the raw loop's a request: costs, beside the rates.
    expect(results.baseline.cpuMsPerRequest).toBeGreaterThan(0);
    // The durable loop drained its topic whole (every event once: it counts what it committed).
    expect(results.durable).toMatchObject({ deliveries: 2000, concurrency: 64 });
    expect(results.durable.cpuMsPerRequest).toBeGreaterThan(0);
    expect(output).toMatch(/\| 10 subs, burst +\| \d+ +\| \d+\.\d\d +\| \d+\.\d\d +\|/);
    // CPU a delivery of the service, the broker, Postgres and the machine, read from /proc.
    expect(output).toMatch(
      /CPU a delivery: service \d+\.\d\d ms \(\d+\.\d × the raw loop's a request, \d+\.\d × the durable loop's a delivery \(median of rounds\)\), broker \d+\.\d\d, Postgres \d+\.\d\d, machine \d+\.\d\d ms/,
    );
    expect(output).toMatch(/CPU a delivery: loop \d+\.\d{3} ms, broker \d+\.\d\d, Postgres \d+\.\d\d/);
    const [fanout] = results.fanout;
    expect(fanout.throughput.deliveries).toBe(fanout.throughput.events * fanout.subscriptions);
    expect(fanout.duplicates).toBe(0);
    // Deliveries are counted and timed from nginx's access log (issue 14's receiver), by event id.
    expect(output).toContain('receiver: nginx');
    expect(fanout.latency.deliveries).toBeGreaterThan(0);
    expect(fanout.latency.latencyMs.p50).toBeGreaterThan(0);
    expect(fanout.latency.latencyMs.max).toBeLessThan(60_000);
    // 18 healthy subscriptions get 100 events each in both phases; only the second has hanging ones.
    expect(results.hang.alone).toMatchObject({ healthyDeliveries: 1800, hangingRequests: 0, exitCode: 0 });
    expect(results.hang.beside.healthyDeliveries).toBe(1800);
    expect(results.hang.beside.hangingRequests).toBeGreaterThan(0);
    // The service stopped gracefully although its endpoints hung: the receiver released them.
    expect(results.hang.beside.exitCode).toBe(0);
    expect(results.freshness).toMatchObject({ on: { events: 2000 }, off: { events: 2000 } });
    expect(results.filters).toMatchObject({
      with: { events: 2000 },
      without: { events: 2000 },
      unguarded: { events: 2000 },
      subscriptions: 100,
    });
    // Ordered delivery beside unordered: every phase delivered whole (the one-key phase sends fewer).
    expect(results.ordered.unordered.events).toBe(1000);
    expect(results.ordered.ordered.map((p) => [p.keys, p.events])).toEqual([
      [1, 200],
      [100, 1000],
      [10000, 1000],
    ]);
    expect(results.ordered.ordered.every((p) => p.ratio > 0)).toBe(true);
    expect(output).toMatch(/\| 1 subscription, ordered over 10,000 keys +\| \d+ +\|/);
    expect(results.ordered.neighbours).toMatchObject({
      besideUnordered: { events: 1000 },
      besideOrdered: { events: 1000 },
    });
    expect(output).toMatch(/\| unordered subscription beside an ordered one \(100 keys\) +\| \d+ +\|/);
    // The backlog found at start drains whole, its peak RSS measured on the way.
    expect(output).toMatch(/\| backlog of 20000 /);
    expect(results.backlog.messages).toBe(20000);
    expect(results.backlog.delivered).toBeGreaterThanOrEqual(20000);
    expect(results.backlog.peakRssMiB).toBeGreaterThan(0);
  }, 300_000);

  it('npm run bench:kafka -- --quick measures the Kafka clients, their ratios and their thread time', async () => {
    const { code, output } = await runQuickBench(
      mkdtempSync(join(tmpdir(), 'hookline-bench-kafka-')),
      'kafka-clients.js',
      100_000,
    );
    expect({ code, tail: output.slice(-2000) }).toEqual({ code: 0, tail: expect.any(String) as string });
    const row = (client: string) =>
      new RegExp(
        `\\| ${client} \\| \\d+ \\| \\d+\\.\\d\\d \\| \\d+\\.\\d \\| \\d+ \\| \\d+\\.\\d\\d \\| \\d+\\.\\d \\|`,
      );
    expect(output).toMatch(row('kafkajs'));
    expect(output).toMatch(/\| kafkajs \| \d+ \| 1\.00 \| [\d.]+ \| \d+ \| 1\.00 \|/);
    expect(output).toMatch(row('@platformatic/kafka'));
    // The librdkafka client is an optional native build (make bench-kafka): measured, or said to be missing.
    const confluent = output.includes('@confluentinc/kafka-javascript is not installed')
      ? /not installed \(make bench-kafka\): not measured/
      : row('@confluentinc/kafka-javascript');
    expect(output).toMatch(confluent);
  }, 120_000);
});
