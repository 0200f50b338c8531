import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import cliProgress from 'cli-progress';
import { Kafka, logLevel, type Producer } from 'kafkajs';
import pg from 'pg';
import { runBaseline, type BaselineResult } from './baseline.js';
import { chartSvg } from './chart.js';
import { ReceiverProcess } from './receiver-process.js';
import { freePort, ServiceProcess } from '../src/devtools/service-process.js';
import { AppConfig } from '../src/platform/config/app-config.js';
import { runMigrations } from '../src/platform/database/data-source.js';
import { percentiles, type Percentiles } from './stats.js';

/**
 * npm run bench: events × subscriptions through the real stack (Kafka, Postgres, the built service
 * as a child process) into an HTTPS receiver in its own process, against a raw undici baseline.
 * Settings (environment): BENCH_DELIVERIES (deliveries per throughput run, 30000),
 * BENCH_SUBSCRIPTIONS (1,10), BENCH_LATENCY_RATE (deliveries/s of the latency run, 1000),
 * BENCH_LATENCY_SECONDS (10), BENCH_BACKLOG (0: skip; else messages of the RSS-under-backlog run, observed for at most
 * BENCH_BACKLOG_SECONDS, 120),
 * BENCH_DATABASE_URL, KAFKA_BROKERS; DELIVERY_* and other service variables pass through.
 */
const env = process.env;
const DELIVERIES = Number(env.BENCH_DELIVERIES ?? 30_000);
const SUBSCRIPTIONS = (env.BENCH_SUBSCRIPTIONS ?? '1,10').split(',').filter(Boolean).map(Number);
const LATENCY_RATE = Number(env.BENCH_LATENCY_RATE ?? 1000);
const LATENCY_SECONDS = Number(env.BENCH_LATENCY_SECONDS ?? 10);
const BACKLOG = Number(env.BENCH_BACKLOG ?? 0);
const DATABASE_URL = env.BENCH_DATABASE_URL ?? 'postgres://hookline:hookline@127.0.0.1:5432/hookline';
const BROKERS = env.KAFKA_BROKERS ?? '127.0.0.1:9092';
const CONCURRENCY = Number(env.DELIVERY_CONCURRENCY ?? 256);
const RESULTS = fileURLToPath(new URL('../../bench/results/', import.meta.url));

interface Scenario {
  subscriptions: number;
  throughput: { events: number; deliveries: number; seconds: number; perSecond: number; latencyMs: Percentiles };
  latency: { eventsPerSecond: number; deliveriesPerSecond: number; deliveries: number; latencyMs: Percentiles };
  service: { cpuSeconds: number; peakRssMiB: number };
  duplicates: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const tenant = `bench-${randomBytes(3).toString('hex')}`;
const db = new pg.Pool({ connectionString: DATABASE_URL, max: 2 });
const kafka = new Kafka({ clientId: 'hookline-bench', brokers: BROKERS.split(','), logLevel: logLevel.NOTHING });
const receiver = new ReceiverProcess();

async function insertSubscriptions(count: number): Promise<void> {
  const secret = `whsec_${randomBytes(24).toString('base64')}`;
  const secrets = JSON.stringify([{ secret, created_at: new Date().toISOString(), expires_at: null }]);
  for (let i = 0; i < count; i++) {
    await db.query(`INSERT INTO subscriptions (id, tenant_id, url, events, secrets) VALUES ($1, $2, $3, $4, $5)`, [
      randomUUID(),
      tenant,
      receiver.url(`/s${i}`),
      ['*'],
      secrets,
    ]);
  }
}

function eventsOf(count: number): { value: string; headers: Record<string, string> }[] {
  const now = new Date().toISOString();
  return Array.from({ length: count }, (_, i) => ({
    value: JSON.stringify({
      id: `evt_${randomUUID()}`,
      type: 'order.created',
      created_at: now,
      data: { order_id: `o-${i}`, status: 'pending', total: { amount: 1200, currency: 'EUR' } },
    }),
    headers: { 'tenant-id': tenant },
  }));
}

async function publish(producer: Producer, topic: string, count: number): Promise<void> {
  for (let sent = 0; sent < count; sent += 500) {
    await producer.send({ topic, acks: 1, messages: eventsOf(Math.min(500, count - sent)) });
  }
}

async function waitDelivered(expected: number, label: string): Promise<void> {
  const bar = new cliProgress.SingleBar(
    { format: `${label.padEnd(28)} [{bar}] {value}/{total} deliveries  {rate}/s`, hideCursor: true },
    cliProgress.Presets.shades_classic,
  );
  bar.start(expected, 0, { rate: 0 });
  const started = Date.now();
  let last = 0;
  let lastChange = Date.now();
  for (;;) {
    const { requests } = await receiver.stats();
    bar.update(Math.min(requests, expected), { rate: Math.round(requests / ((Date.now() - started) / 1000)) });
    if (requests >= expected) break;
    if (requests !== last) [last, lastChange] = [requests, Date.now()];
    if (Date.now() - lastChange > 60_000) {
      bar.stop();
      throw new Error(`${label}: stuck at ${requests}/${expected} deliveries`);
    }
    await sleep(200);
  }
  bar.stop();
}

function serviceEnv(prefix: string, port: number): Record<string, string> {
  const passthrough = Object.fromEntries(
    Object.entries(env).filter(
      ([k, v]) => v !== undefined && /^(DELIVERY_|ATTEMPT_|DATABASE_POOL|KAFKA_TOPIC_PARTITIONS)/.test(k),
    ),
  ) as Record<string, string>;
  return {
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    ROLES: 'all',
    DATABASE_URL,
    KAFKA_BROKERS: BROKERS,
    KAFKA_TOPIC_PREFIX: `${prefix}.webhooks`,
    KAFKA_GROUP_PREFIX: prefix,
    INGEST_TOPICS: `${prefix}.events`,
    EGRESS_CA_FILE: receiver.caFile,
    EGRESS_ALLOW_CIDRS: '127.0.0.0/8',
    INGEST_DATA_VALIDATION: 'warn',
    SHUTDOWN_TIMEOUT_MS: '5000',
    ...passthrough,
  };
}

async function scenario(subscriptions: number): Promise<Scenario> {
  const prefix = `bench${randomBytes(4).toString('hex')}`;
  await db.query(`DELETE FROM subscriptions WHERE tenant_id = $1`, [tenant]);
  await insertSubscriptions(subscriptions);
  const service = new ServiceProcess(serviceEnv(prefix, await freePort()));
  service.start();
  await service.waitReady();
  const producer = kafka.producer();
  await producer.connect();
  const topic = `${prefix}.events`;
  try {
    // Warm-up: connections, JIT, partitions assigned.
    await receiver.reset();
    await publish(producer, topic, Math.ceil(200 / subscriptions));
    await waitDelivered(Math.ceil(200 / subscriptions) * subscriptions, `warm-up ×${subscriptions}`);

    await receiver.reset();
    const events = Math.ceil(DELIVERIES / subscriptions);
    const before = service.usage();
    const started = Date.now();
    await publish(producer, topic, events);
    await waitDelivered(events * subscriptions, `throughput ×${subscriptions} subs`);
    const burst = await receiver.stats();
    const seconds = (burst.lastAt - started) / 1000;

    await receiver.reset();
    const eventsPerSecond = LATENCY_RATE / subscriptions;
    const tickMs = 20;
    let owed = 0;
    let sent = 0;
    const until = Date.now() + LATENCY_SECONDS * 1000;
    while (Date.now() < until) {
      const tickStart = Date.now();
      owed += (eventsPerSecond * tickMs) / 1000;
      const now = Math.floor(owed);
      if (now > 0) {
        await producer.send({ topic, acks: 1, messages: eventsOf(now) });
        owed -= now;
        sent += now;
      }
      await sleep(Math.max(0, tickMs - (Date.now() - tickStart)));
    }
    await waitDelivered(sent * subscriptions, `latency ${LATENCY_RATE}/s ×${subscriptions}`);
    const steady = await receiver.stats();
    const usage = service.usage();
    return {
      subscriptions,
      throughput: {
        events,
        deliveries: burst.requests,
        seconds,
        perSecond: burst.requests / seconds,
        latencyMs: percentiles(burst.latencies),
      },
      latency: {
        eventsPerSecond,
        deliveriesPerSecond: LATENCY_RATE,
        deliveries: steady.requests,
        latencyMs: percentiles(steady.latencies),
      },
      service: { cpuSeconds: usage.cpuSeconds - before.cpuSeconds, peakRssMiB: usage.peakRssMiB },
      duplicates: burst.requests - burst.unique + (steady.requests - steady.unique),
    };
  } finally {
    await producer.disconnect();
    await service.stop();
  }
}

/** Peak RSS while the service works through a backlog it finds at start (target < 512 MiB). */
async function backlogRss(messages: number): Promise<{ messages: number; peakRssMiB: number; seconds: number }> {
  const prefix = `bench${randomBytes(4).toString('hex')}`;
  await db.query(`DELETE FROM subscriptions WHERE tenant_id = $1`, [tenant]);
  await insertSubscriptions(1);
  const admin = kafka.admin();
  await admin.connect();
  await admin.createTopics({ topics: [{ topic: `${prefix}.events`, numPartitions: 3 }], waitForLeaders: true });
  await admin.disconnect();
  const producer = kafka.producer();
  await producer.connect();
  console.log(`publishing a backlog of ${messages} events…`);
  await publish(producer, `${prefix}.events`, messages);
  await producer.disconnect();
  const service = new ServiceProcess(serviceEnv(prefix, await freePort()));
  await receiver.reset();
  service.start();
  await service.waitReady();
  const started = Date.now();
  let peak = 0;
  while (Date.now() - started < Number(env.BENCH_BACKLOG_SECONDS ?? 120) * 1000) {
    peak = Math.max(peak, service.usage().peakRssMiB);
    if ((await receiver.stats()).requests >= messages) break;
    await sleep(1000);
  }
  await service.stop();
  return { messages, peakRssMiB: peak, seconds: (Date.now() - started) / 1000 };
}

async function main(): Promise<void> {
  await runMigrations(AppConfig.fromEnv({ DATABASE_URL }));
  await receiver.start();
  await runBaseline(receiver.url('/warm-up'), receiver.caFile, 2000, CONCURRENCY);
  console.log(`raw baseline: ${DELIVERIES} signed POSTs, concurrency ${CONCURRENCY}, no Kafka, no Postgres`);
  const baseline: BaselineResult = await runBaseline(
    receiver.url('/baseline'),
    receiver.caFile,
    DELIVERIES,
    CONCURRENCY,
  );
  console.log(`  ${baseline.perSecond.toFixed(0)} deliveries/s, p99 ${baseline.latencyMs.p99.toFixed(1)} ms`);
  const scenarios: Scenario[] = [];
  for (const s of SUBSCRIPTIONS) {
    const result = await scenario(s);
    scenarios.push(result);
    console.log(
      `  ×${s} subscriptions: ${result.throughput.perSecond.toFixed(0)} deliveries/s ` +
        `(${((100 * result.throughput.perSecond) / baseline.perSecond).toFixed(0)} % of baseline); ` +
        `at ${LATENCY_RATE} deliveries/s p50/p95/p99 ${result.latency.latencyMs.p50}/${result.latency.latencyMs.p95}/${result.latency.latencyMs.p99} ms; ` +
        `service CPU ${result.service.cpuSeconds.toFixed(1)} s, peak RSS ${result.service.peakRssMiB.toFixed(0)} MiB`,
    );
  }
  const backlog = BACKLOG > 0 ? await backlogRss(BACKLOG) : null;
  if (backlog) console.log(`  backlog of ${backlog.messages}: peak RSS ${backlog.peakRssMiB.toFixed(0)} MiB`);

  const results = {
    at: new Date().toISOString(),
    machine: { cpus: cpus().length, model: cpus()[0]?.model, node: process.version },
    settings: { DELIVERIES, SUBSCRIPTIONS, LATENCY_RATE, LATENCY_SECONDS, CONCURRENCY },
    baseline,
    scenarios: scenarios.map((s) => ({ ...s, ratioToBaseline: s.throughput.perSecond / baseline.perSecond })),
    backlog,
  };
  mkdirSync(RESULTS, { recursive: true });
  const stamp = results.at.replaceAll(':', '-').slice(0, 19);
  writeFileSync(join(RESULTS, `bench-${stamp}.json`), JSON.stringify(results, null, 2));
  const rows = [
    { label: 'raw baseline (undici)', perSecond: baseline.perSecond, ...baseline.latencyMs },
    ...scenarios.flatMap((s) => [
      { label: `pipeline ×${s.subscriptions} (burst)`, perSecond: s.throughput.perSecond, ...s.throughput.latencyMs },
      {
        label: `pipeline ×${s.subscriptions} @${LATENCY_RATE}/s`,
        perSecond: s.latency.deliveries / LATENCY_SECONDS,
        ...s.latency.latencyMs,
      },
    ]),
  ];
  writeFileSync(join(RESULTS, `bench-${stamp}.svg`), chartSvg(`Hookline benchmark ${results.at}`, rows));
  console.log(`results: bench/results/bench-${stamp}.json and .svg`);
}

main()
  .catch((error: unknown) => {
    console.error(`bench failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  })
  .finally(async () => {
    await db.query(`DELETE FROM subscriptions WHERE tenant_id = $1`, [tenant]).catch(() => undefined);
    await db.end();
    receiver.stop();
  });
