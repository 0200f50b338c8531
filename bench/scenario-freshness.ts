import type { Producer } from 'kafkajs';
import { eventsOf, kafka, newPrefix, setSubscriptions, sleep, startService, dropTopics } from './context.js';
import { settings } from './settings.js';

/**
 * The cost of ingest's freshness wait (issue 19): ingest alone (ROLES=ingest, one subscription
 * taking every event) turns a live burst of E events into delivery tasks, once with
 * INGEST_FRESHNESS_WAIT_MS at its default and once with 0 (no wait), each on a fresh service in the
 * same run, BENCH_FRESHNESS_ROUNDS times. Throughput is events/s from the first publish until the deliveries topic holds every
 * task (its end offsets, polled every 50 ms). The events are published live on purpose: a backlog
 * published before the service starts is older than the first probe and never waits.
 */
export interface IngestPhase {
  freshnessWaitMs: string;
  events: number;
  seconds: number;
  perSecond: number;
  /** From /metrics: events that waited for the table, and those matched from the database. */
  waits: number;
  fallbacks: number;
}

export interface FreshnessResult {
  /** Pooled over the rounds; `rounds` holds each phase's events/s. */
  on: IngestPhase & { rounds: number[] };
  off: IngestPhase & { rounds: number[] };
  /** on / off: 1 means free; the target is ≥ 0.95. */
  ratio: number;
}

export async function tasksWritten(admin: ReturnType<typeof kafka.admin>, topic: string): Promise<number> {
  const offsets = await admin.fetchTopicOffsets(topic).catch(() => []);
  return offsets.reduce((sum, p) => sum + Number(p.high), 0);
}

export async function waitTasks(admin: ReturnType<typeof kafka.admin>, topic: string, expected: number): Promise<void> {
  let last = -1;
  let lastChange = Date.now();
  for (;;) {
    const written = await tasksWritten(admin, topic);
    if (written >= expected) return;
    if (written !== last) [last, lastChange] = [written, Date.now()];
    if (Date.now() - lastChange > 60_000) throw new Error(`ingest stuck at ${written}/${expected} tasks`);
    await sleep(50);
  }
}

/** Four batches of 1,000 in flight, so that the publisher outruns ingest. */
async function publishFast(producer: Producer, topic: string, count: number): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const n = Math.min(1000, count - next);
      next += n;
      await producer.send({ topic, acks: 1, messages: eventsOf(n) });
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
}

function counterValue(text: string, name: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${name} `) || l.startsWith(`${name}{`));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
}

async function phase(freshnessWaitMs: string | undefined, events: number): Promise<IngestPhase> {
  const prefix = newPrefix();
  await setSubscriptions(['/ingest-only']);
  const overrides: Record<string, string> = { ROLES: 'ingest' };
  if (freshnessWaitMs !== undefined) overrides.INGEST_FRESHNESS_WAIT_MS = freshnessWaitMs;
  const service = await startService(prefix, overrides);
  const producer = kafka.producer();
  const admin = kafka.admin();
  await Promise.all([producer.connect(), admin.connect()]);
  const [input, tasks] = [`${prefix}.events`, `${prefix}.webhooks.deliveries`];
  try {
    const warmUp = 500;
    await publishFast(producer, input, warmUp);
    await waitTasks(admin, tasks, warmUp);
    const started = Date.now();
    await publishFast(producer, input, events);
    await waitTasks(admin, tasks, warmUp + events);
    const seconds = (Date.now() - started) / 1000;
    const metrics = (await (await fetch(service.metricsUrl).catch(() => undefined))?.text()) ?? '';
    return {
      freshnessWaitMs: freshnessWaitMs ?? 'default',
      events,
      seconds,
      perSecond: events / seconds,
      waits: counterValue(metrics, 'hookline_ingest_freshness_waits_total'),
      fallbacks: counterValue(metrics, 'hookline_ingest_freshness_fallbacks_total'),
    };
  } finally {
    await Promise.all([producer.disconnect(), admin.disconnect()]);
    await service.stop();
    await dropTopics(prefix);
  }
}

/** Several phases of one setting pooled: all events over all seconds, and each phase's rate. */
function pooled(phases: IngestPhase[]): IngestPhase & { rounds: number[] } {
  const sum = (f: (p: IngestPhase) => number) => phases.reduce((t, p) => t + f(p), 0);
  const [events, seconds] = [sum((p) => p.events), sum((p) => p.seconds)];
  return {
    freshnessWaitMs: phases[0].freshnessWaitMs,
    events,
    seconds,
    perSecond: events / seconds,
    waits: sum((p) => p.waits),
    fallbacks: sum((p) => p.fallbacks),
    rounds: phases.map((p) => p.perSecond),
  };
}

/** Rounds alternate the order (on, off, then off, on) so that drift in the machine's load cancels. */
export async function freshnessCost(): Promise<FreshnessResult> {
  const { events, rounds } = settings.freshness;
  // The default setting, unless the environment names one.
  const withWait = () => phase(process.env.INGEST_FRESHNESS_WAIT_MS, events);
  const on: IngestPhase[] = [];
  const off: IngestPhase[] = [];
  for (let r = 0; r < rounds; r++) {
    if (r % 2 === 0) on.push(await withWait());
    off.push(await phase('0', events));
    if (r % 2 === 1) on.push(await withWait());
  }
  const [a, b] = [pooled(on), pooled(off)];
  return { on: a, off: b, ratio: a.perSecond / b.perSecond };
}
