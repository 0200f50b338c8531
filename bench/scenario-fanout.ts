import type { Producer } from 'kafkajs';
import { serviceNodeFlags } from '../src/devtools/service-process.js';
import {
  benchSubscriptionId,
  eventsOf,
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
import { latencyHops, type LatencyHops } from './latency-hops.js';
import { BenchService } from './service-fleet.js';
import { settings } from './settings.js';
import { meterStack, perDelivery, type StackCpuMs } from './stack-cpu.js';
import { percentiles, type Percentiles } from './stats.js';

/** Every event to every one of S subscriptions: a burst for throughput, then a fixed rate for latency. */
export interface FanoutResult {
  subscriptions: number;
  throughput: { events: number; deliveries: number; seconds: number; perSecond: number; latencyMs: Percentiles };
  /** At BENCH_LATENCY_RATE deliveries/s (none with BENCH_LATENCY_SECONDS=0). */
  latency?: FixedRateResult;
  /** At half the burst's deliveries/s (none with BENCH_LATENCY_SECONDS=0). */
  halfLoad?: FixedRateResult;
  /** CPU of the whole run (burst and fixed rates), and of the burst by each process's roles. */
  service: {
    cpuSeconds: number;
    peakRssMiB: number;
    burstCpuSecondsByRoles: Record<string, number>;
    /** The burst's CPU, every process together, per delivery. */
    burstCpuMsPerDelivery: number;
    /** The burst's CPU of the broker, Postgres and the whole machine per delivery, from /proc. */
    burstStackCpu: StackCpuMs;
    /** The burst's tasks by fan-out lane: direct (one Kafka hop), deliveries (two), deferral. */
    burstLanes: Record<string, number>;
  };
  duplicates: number;
}

const paths = (count: number) => Array.from({ length: count }, (_, i) => `/s${i}`);
const subscriptionOfPath = (path: string) => benchSubscriptionId(Number(path.slice('/s'.length)));

export async function fanout(subscriptions: number): Promise<FanoutResult> {
  const prefix = newPrefix();
  await setSubscriptions(paths(subscriptions));
  const service = await BenchService.start(prefix);
  const producer = kafka.producer();
  await producer.connect();
  const topic = `${prefix}.events`;
  try {
    // Warm-up: connections, JIT, partitions assigned.
    await receiver.reset();
    await publish(producer, topic, Math.ceil(200 / subscriptions));
    await waitDelivered(Math.ceil(200 / subscriptions) * subscriptions, `warm-up ×${subscriptions}`);

    await receiver.reset();
    const events = Math.ceil(settings.deliveries / subscriptions);
    const before = service.usage();
    const cpuBefore = service.cpuByRoles();
    const stack = await meterStack();
    const lanesBefore = await service.tasksByLane();
    const started = Date.now();
    await publish(producer, topic, events);
    const burst = await waitDelivered(events * subscriptions, `throughput ×${subscriptions} subs`);
    const seconds = (burst.lastAt - started) / 1000;
    const burstCpuSecondsByRoles = service.cpuByRoles(cpuBefore);
    const burstStackCpu = perDelivery(await stack.stop(), burst.requests);
    const lanesAfter = await service.tasksByLane();
    const burstLanes = Object.fromEntries(
      Object.entries(lanesAfter).map(([lane, n]) => [lane, n - (lanesBefore[lane] ?? 0)]),
    );

    // BENCH_LATENCY_SECONDS=0 skips the fixed-rate runs.
    const steady = (rate: number) =>
      settings.latencySeconds > 0 ? fixedRate(producer, topic, subscriptions, rate) : Promise.resolve(undefined);
    const latency = await steady(settings.latencyRate);
    // Half of the burst's deliveries/s: how the tail looks with headroom, whatever the machine's speed.
    const halfLoad = await steady(burst.requests / seconds / 2);
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
      latency,
      halfLoad,
      service: {
        cpuSeconds: usage.cpuSeconds - before.cpuSeconds,
        peakRssMiB: usage.peakRssMiB,
        burstCpuSecondsByRoles,
        burstCpuMsPerDelivery:
          (Object.values(burstCpuSecondsByRoles).reduce((sum, x) => sum + x, 0) * 1000) / burst.requests,
        burstStackCpu,
        burstLanes,
      },
      duplicates: burst.requests - burst.unique + (latency?.duplicates ?? 0) + (halfLoad?.duplicates ?? 0),
    };
  } finally {
    await producer.disconnect();
    await service.stop();
    await dropTopics(prefix);
  }
}

export interface FixedRateResult {
  eventsPerSecond: number;
  deliveriesPerSecond: number;
  deliveries: number;
  latencyMs: Percentiles;
  /** What the slowest 1 % of deliveries spent their time on. */
  hops?: LatencyHops;
  duplicates: number;
}

/** Events published at a steady rate for BENCH_LATENCY_SECONDS, in 20 ms ticks; event → delivery latency. */
async function fixedRate(
  producer: Producer,
  topic: string,
  subscriptions: number,
  deliveriesPerSecond: number,
): Promise<FixedRateResult> {
  await receiver.reset();
  const eventsPerSecond = deliveriesPerSecond / subscriptions;
  const tickMs = 20;
  let owed = 0;
  let sent = 0;
  const since = new Date();
  const until = since.getTime() + settings.latencySeconds * 1000;
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
  const steady = await waitDelivered(sent * subscriptions, `${deliveriesPerSecond.toFixed(0)}/s ×${subscriptions}`);
  return {
    eventsPerSecond,
    deliveriesPerSecond,
    deliveries: steady.requests,
    latencyMs: percentiles(steady.latencies),
    hops: await latencyHops(steady.arrivals, since, subscriptionOfPath),
    duplicates: steady.requests - steady.unique,
  };
}

/** Peak RSS while the service works through a backlog it finds at start (target < 512 MiB). */
export interface BacklogResult {
  messages: number;
  peakRssMiB: number;
  seconds: number;
  delivered: number;
  /** Node's flags and NODE_OPTIONS of the service (its heap limit). */
  nodeOptions: string;
}

export async function backlogRss(messages: number): Promise<BacklogResult> {
  const prefix = newPrefix();
  await setSubscriptions(paths(1));
  const admin = kafka.admin();
  await admin.connect();
  await admin.createTopics({ topics: [{ topic: `${prefix}.events`, numPartitions: 3 }], waitForLeaders: true });
  await admin.disconnect();
  const producer = kafka.producer();
  await producer.connect();
  console.log(`publishing a backlog of ${messages} events…`);
  await publish(producer, `${prefix}.events`, messages, undefined, 8);
  await producer.disconnect();
  await receiver.reset();
  const service = await startService(prefix);
  const started = Date.now();
  let peak = 0;
  let delivered = 0;
  while (Date.now() - started < settings.backlogSeconds * 1000) {
    peak = Math.max(peak, service.usage().peakRssMiB);
    delivered = (await receiver.stats(false)).requests;
    if (delivered >= messages) break;
    await sleep(1000);
  }
  await service.stop();
  await dropTopics(prefix);
  const seconds = (Date.now() - started) / 1000;
  return {
    messages,
    peakRssMiB: peak,
    seconds,
    delivered,
    nodeOptions: [...serviceNodeFlags(), process.env.NODE_OPTIONS ?? ''].join(' ').trim(),
  };
}
