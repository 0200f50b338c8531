import type { Producer } from 'kafkajs';
import type { ServiceProcess } from '../src/devtools/service-process.js';
import {
  kafka,
  newPrefix,
  publish,
  receiver,
  setSubscriptions,
  sleep,
  startService,
  waitDelivered,
  dropTopics,
} from './context.js';
import { medianOf } from './rounds.js';
import { settings } from './settings.js';
import { median, percentiles, type Percentiles } from './stats.js';

/**
 * The hanging-endpoint scenario (issue 20): S subscriptions, a share of them hanging (their
 * receiver path holds every request for BENCH_HANG_MS), E events spread evenly over the
 * subscriptions (event i has type bench.s<i mod S>, and subscription k takes only bench.s<k>).
 * Measured twice in the same run, each on a fresh service and with the same E published events:
 * the healthy subscriptions alone (the hanging ones not registered, so their events match no
 * subscription), then beside the hanging ones. The publishers' traffic is the same in both phases,
 * so the difference is what the hanging subscriptions cost the healthy ones. The healthy
 * subscriptions' deliveries/s and p99 event → delivery latency are compared (targets: ≥ 0.9 × and
 * < 2 × alone).
 */
export interface HangPhase {
  healthy: number;
  hanging: number;
  events: number;
  healthyDeliveries: number;
  seconds: number;
  perSecond: number;
  latencyMs: Percentiles;
  /** Requests that reached the hanging paths during the burst, and how many were held at its end. */
  hangingRequests: number;
  heldAtEnd: number;
  /** From the service's /metrics at the end of the burst. */
  deferredTasks: number;
  /** Of those, the tasks fan-out deferred at once (their subscription already stalling). */
  deferredAtFanOut: number;
  maxBlockedPartitions: number;
  /** The service's CPU time during the burst, per healthy delivery. */
  cpuMsPerDelivery: number;
  /** SIGTERM to exit, after the receiver released held requests; the exit code (0: graceful). */
  stopSeconds: number;
  exitCode: number | null;
}

export interface HangRound {
  alone: HangPhase;
  beside: HangPhase;
  throughputRatio: number;
  p99Ratio: number;
}

/** The round with the median throughput ratio, and the medians of both ratios over every round. */
export interface HangResult extends HangRound {
  rounds: HangRound[];
}

/** Sums a metric family's samples in a Prometheus text exposition. */
function metricSum(text: string, name: string, reduce: (a: number, b: number) => number = (a, b) => a + b): number {
  return text
    .split('\n')
    .filter((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `))
    .map((line) => Number(line.slice(line.lastIndexOf(' ') + 1)))
    .reduce(reduce, 0);
}

async function scrape(service: ServiceProcess): Promise<string> {
  return (await (await fetch(service.metricsUrl).catch(() => undefined))?.text()) ?? '';
}

async function deferrals(service: ServiceProcess): Promise<Pick<HangPhase, 'deferredTasks' | 'deferredAtFanOut'>> {
  const metrics = await scrape(service);
  return {
    deferredTasks: metricSum(metrics, 'hookline_deferred_tasks_total'),
    deferredAtFanOut: metricSum(metrics, 'hookline_ingest_deferred_tasks_total'),
  };
}

/** Samples the most blocked partitions the service reports, every 500 ms, until stop() returns the highest. */
function sampleBlockedPartitions(service: ServiceProcess): { stop(): Promise<number> } {
  const most = (a: number, b: number) => Math.max(a, b);
  let max = 0;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      max = most(max, metricSum(await scrape(service), 'hookline_consumer_blocked_partitions', most));
      await sleep(500);
    }
  })();
  return {
    stop: async () => {
      sampling = false;
      await sampler;
      return max;
    },
  };
}

/** A phase's subscriptions (the first `healthy` of `total`), its events and its name in the log. */
interface Shape {
  healthy: number;
  total: number;
  events: number;
  label: string;
}

type Burst = Omit<HangPhase, 'healthy' | 'hanging' | 'events' | 'stopSeconds' | 'exitCode'>;

/** The timed burst on a warmed-up service: event i goes to subscription i mod total. */
async function burst(service: ServiceProcess, producer: Producer, topic: string, shape: Shape): Promise<Burst> {
  const { healthy, total, events, label } = shape;
  await receiver.reset();
  const blocked = sampleBlockedPartitions(service);
  const expected = Array.from({ length: events }, (_, i) => i % total).filter((k) => k < healthy).length;
  const cpuBefore = service.usage().cpuSeconds;
  const started = Date.now();
  await publish(producer, topic, events, (i) => `bench.s${i % total}`);
  const stats = await waitDelivered(expected, label);
  const cpuSeconds = service.usage().cpuSeconds - cpuBefore;
  const maxBlockedPartitions = await blocked.stop();
  const seconds = (stats.lastAt - started) / 1000;
  return {
    healthyDeliveries: stats.requests,
    seconds,
    perSecond: stats.requests / seconds,
    latencyMs: percentiles(stats.latencies),
    hangingRequests: stats.hanging,
    heldAtEnd: stats.held,
    ...(await deferrals(service)),
    maxBlockedPartitions,
    cpuMsPerDelivery: (cpuSeconds * 1000) / stats.requests,
  };
}

/**
 * One phase on a fresh service: `shape.healthy` subscriptions, then hanging ones up to
 * `shape.total` when `withHanging`; events cycle over all `shape.total` types either way.
 */
async function phase(shape: Omit<Shape, 'label'>, withHanging: boolean): Promise<HangPhase> {
  const { healthy, total, events } = shape;
  const hanging = withHanging ? total - healthy : 0;
  const prefix = newPrefix();
  const paths = Array.from({ length: healthy + hanging }, (_, k) => (k < healthy ? `/h/${k}` : `/hang/${k}`));
  await setSubscriptions(paths, (k) => [`bench.s${k}`]);
  const service = await startService(prefix, { INGEST_DATA_VALIDATION: 'off' });
  const producer = kafka.producer();
  await producer.connect();
  const topic = `${prefix}.events`;
  const label = hanging ? `${healthy} healthy + ${hanging} hanging` : `${healthy} healthy alone`;
  try {
    await receiver.reset();
    await receiver.hang(settings.hang.hangMs);
    // Warm-up: one event per healthy subscription (connections, JIT, partitions assigned).
    await publish(producer, topic, healthy, (i) => `bench.s${i}`);
    await waitDelivered(healthy, `warm-up ${label}`);

    const measured = await burst(service, producer, topic, { ...shape, label });
    await receiver.release();
    const stopping = Date.now();
    const exitCode = await service.stop();
    return { healthy, hanging, events, ...measured, stopSeconds: (Date.now() - stopping) / 1000, exitCode };
  } finally {
    await receiver.release();
    await producer.disconnect();
    await service.stop();
    await dropTopics(prefix);
  }
}

/**
 * `settings.hang.rounds` rounds, since a ratio of two short bursts is noisy; odd rounds run alone first,
 * even ones beside first, so that a machine slowing down (or warming up) over a round favours
 * neither phase.
 */
export async function hangingEndpoints(): Promise<HangResult> {
  const { subscriptions, hangingShare, events, rounds: roundCount } = settings.hang;
  const hanging = Math.round(subscriptions * hangingShare);
  const shape = { healthy: subscriptions - hanging, total: subscriptions, events };
  const rounds: HangRound[] = [];
  for (let round = 1; round <= roundCount; round++) {
    const aloneFirst = round % 2 === 1;
    const firstRun = await phase(shape, !aloneFirst);
    const secondRun = await phase(shape, aloneFirst);
    const [alone, beside] = aloneFirst ? [firstRun, secondRun] : [secondRun, firstRun];
    const throughputRatio = beside.perSecond / alone.perSecond;
    const p99Ratio = beside.latencyMs.p99 / alone.latencyMs.p99;
    console.log(`  hanging round ${round}: ${throughputRatio.toFixed(2)}× alone, p99 ${p99Ratio.toFixed(2)}×`);
    rounds.push({ alone, beside, throughputRatio, p99Ratio });
  }
  return {
    ...medianOf(rounds, (r) => r.throughputRatio),
    throughputRatio: median(rounds.map((r) => r.throughputRatio)),
    p99Ratio: median(rounds.map((r) => r.p99Ratio)),
    rounds,
  };
}
