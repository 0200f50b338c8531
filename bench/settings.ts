import { fileURLToPath } from 'node:url';

/**
 * The benchmark's settings, from the environment; `--quick` swaps in small defaults (a smoke run of
 * every scenario in well under two minutes), and explicit variables still win over them.
 */
const env = process.env;
export const quick = process.argv.includes('--quick');
const num = (name: string, full: number, small: number) => Number(env[name] ?? (quick ? small : full));

function receiverOf(name: string): 'nginx' | 'node' {
  if (name === 'nginx' || name === 'node') return name;
  throw new Error(`BENCH_RECEIVER must be nginx or node, not '${name}'`);
}

export const settings = {
  quick,
  deliveries: num('BENCH_DELIVERIES', 30_000, 2_000),
  subscriptions: (env.BENCH_SUBSCRIPTIONS ?? (quick ? '10' : '1,10,100')).split(',').filter(Boolean).map(Number),
  /** Rounds of the raw baseline and the fan-out cases; the table quotes medians. */
  rounds: num('BENCH_ROUNDS', 3, 1),
  /** Service processes of the fan-out cases: 1 (every role) or 2 (ingest apart from delivery). */
  processes: num('BENCH_PROCESSES', 1, 1),
  latencyRate: num('BENCH_LATENCY_RATE', 1000, 500),
  latencySeconds: num('BENCH_LATENCY_SECONDS', 10, 3),
  /** Events of the backlog drain (peak RSS); 0 skips it. The drain stops after backlogSeconds. */
  backlog: num('BENCH_BACKLOG', 1_000_000, 20_000),
  backlogSeconds: num('BENCH_BACKLOG_SECONDS', 600, 60),
  /** The hanging-endpoint scenario (issue 20): 0 subscriptions skips it. */
  hang: {
    subscriptions: num('BENCH_HANG_SUBSCRIPTIONS', 100, 20),
    hangingShare: num('BENCH_HANG_SHARE', 0.1, 0.1),
    events: num('BENCH_HANG_EVENTS', 20_000, 2_000),
    hangMs: num('BENCH_HANG_MS', 30_000, 5_000),
    /**
     * Rounds of this scenario, more than BENCH_ROUNDS: its two bursts last about 15 s each on a
     * shared machine, and one round's ratio swings by ±15 % around the median of many.
     */
    rounds: num('BENCH_HANG_ROUNDS', 5, 1),
  },
  /** Ingest throughput with the freshness wait on and off (issue 19): 0 events skips it. */
  freshness: {
    events: num('BENCH_FRESHNESS_EVENTS', 20_000, 2_000),
    rounds: num('BENCH_FRESHNESS_ROUNDS', 2, 1),
  },
  /** Ingest with 100 filtered subscriptions against 100 without filters (issue 40): 0 events skips it. */
  filters: {
    events: num('BENCH_FILTER_EVENTS', 20_000, 2_000),
    rounds: num('BENCH_FILTER_ROUNDS', 2, 1),
  },
  /** One subscription unordered, then ordered over each count of keys (issue 42): 0 events skips it. */
  ordered: {
    events: num('BENCH_ORDERED_EVENTS', 20_000, 1_000),
    /** Events of the one-key phase, which sends one at a time. */
    oneKeyEvents: num('BENCH_ORDERED_ONE_KEY_EVENTS', 2_000, 200),
    keys: (env.BENCH_ORDERED_KEYS ?? '1,100,10000').split(',').filter(Boolean).map(Number),
  },
  databaseUrl: env.BENCH_DATABASE_URL ?? 'postgres://hookline:hookline@127.0.0.1:5432/hookline',
  brokers: env.KAFKA_BROKERS ?? '127.0.0.1:9092',
  /**
   * Requests in flight of the raw baseline: 64, the loop issue 14 defines, which is also its fastest
   * here (1.2-1.5 × its rate at 256 in flight: fewer connections cost the receiver less).
   */
  rawConcurrency: num('BENCH_RAW_CONCURRENCY', 64, 64),
  /**
   * What answers the deliveries: nginx (issue 14's setup: TLS and a 200 from one worker, counted
   * from its access log) or a Node HTTPS server in the receiver process (`node`).
   */
  receiver: receiverOf(env.BENCH_RECEIVER ?? 'nginx'),
  results: env.BENCH_RESULTS_DIR ?? fileURLToPath(new URL('../../bench/results/', import.meta.url)),
};
