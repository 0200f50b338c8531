import { randomBytes } from 'node:crypto';
import type { Producer } from 'kafkajs';
import { benchEventId } from './event-ids.js';
import { dropTopics, kafka, newPrefix, setSubscriptions, startService, tenant } from './context.js';
import { waitTasks } from './scenario-freshness.js';
import { settings } from './settings.js';

/**
 * The cost of payload filters (issue 40): ingest alone (ROLES=ingest) turns a live burst of E events
 * into delivery tasks, each event going to exactly one of 100 subscriptions either way:
 * - without filters: subscription i takes type `bench.t<i>`, events cycle through the 100 types;
 * - with filters: all 100 take `order.created`, and each has a filter of one of five shapes
 *   (numbers, `in`, a macro over a list, has() on a nested field, strings) whose last clause picks
 *   its slot with `==`: the matcher's guards settle the 99 that say no without running them;
 * - with unguarded filters (the worst case, no target): the same, the slot picked by a range
 *   (`>= i && <= i`), so every event runs every filter through all its clauses.
 * Same events, same tasks; the ratios are what filtering 100 subscriptions costs ingest. Data
 * validation is off in every phase: the catalog knows order.created but not the bench.t<i> types,
 * and checking one phase's data and not the other's would be measured as the filters' cost. Rounds
 * alternate the order of the phases.
 */
export interface FilterPhase {
  events: number;
  seconds: number;
  perSecond: number;
}

export interface FiltersResult {
  without: FilterPhase & { rounds: number[] };
  with: FilterPhase & { rounds: number[] };
  unguarded: FilterPhase & { rounds: number[] };
  /** with / without; the target is ≥ 0.7. */
  ratio: number;
  /** unguarded / without: every filter run in full. */
  unguardedRatio: number;
  subscriptions: number;
}

type Kind = 'none' | 'guarded' | 'unguarded';

const SUBSCRIPTIONS = 100;

const SHAPES = [
  (slot: string) => `event.data.total.amount > 100 && event.data.total.amount < 1000000 && ${slot}`,
  (slot: string) => `event.data.status in ['pending', 'paid', 'shipped'] && ${slot}`,
  (slot: string) => `event.data.tags.exists(t, t == 'vip') && ${slot}`,
  (slot: string) => `has(event.data.customer.tier) && event.data.customer.tier != 'none' && ${slot}`,
  (slot: string) => `event.data.order_id.startsWith('o-') && event.data.total.currency != 'USD' && ${slot}`,
];
export const benchFilter = (i: number, guarded = true) =>
  SHAPES[i % SHAPES.length](guarded ? `event.data.slot == ${i}` : `event.data.slot >= ${i} && event.data.slot <= ${i}`);

function events(count: number, filtered: boolean, from: number) {
  const now = new Date();
  return Array.from({ length: count }, (_, k) => {
    const slot = (from + k) % SUBSCRIPTIONS;
    return {
      value: JSON.stringify({
        id: benchEventId(now.getTime()),
        type: filtered ? 'order.created' : `bench.t${slot}`,
        created_at: now.toISOString(),
        data: {
          order_id: `o-${from + k}`,
          status: 'pending',
          slot,
          tags: ['new', 'vip'],
          customer: { id: `c-${randomBytes(2).toString('hex')}`, tier: 'gold' },
          total: { amount: 1200, currency: 'EUR' },
        },
      }),
      headers: { 'tenant-id': tenant },
    };
  });
}

async function publish(producer: Producer, topic: string, count: number, filtered: boolean): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const n = Math.min(1000, count - next);
      const from = next;
      next += n;
      await producer.send({ topic, acks: 1, messages: events(n, filtered, from) });
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
}

async function phase(kind: Kind, count: number): Promise<FilterPhase> {
  const prefix = newPrefix();
  const filtered = kind !== 'none';
  const paths = Array.from({ length: SUBSCRIPTIONS }, (_, i) => `/filtered-${i}`);
  await setSubscriptions(
    paths,
    (i) => (filtered ? ['order.created'] : [`bench.t${i}`]),
    (i) => (filtered ? benchFilter(i, kind === 'guarded') : null),
  );
  const service = await startService(prefix, {
    ROLES: 'ingest',
    INGEST_UNKNOWN_TYPES: 'deliver',
    INGEST_DATA_VALIDATION: 'off',
  });
  const producer = kafka.producer();
  const admin = kafka.admin();
  await Promise.all([producer.connect(), admin.connect()]);
  const [input, tasks] = [`${prefix}.events`, `${prefix}.webhooks.deliveries`];
  try {
    const warmUp = 1000;
    await publish(producer, input, warmUp, filtered);
    await waitTasks(admin, tasks, warmUp);
    const started = Date.now();
    await publish(producer, input, count, filtered);
    await waitTasks(admin, tasks, warmUp + count);
    const seconds = (Date.now() - started) / 1000;
    return { events: count, seconds, perSecond: count / seconds };
  } finally {
    await Promise.all([producer.disconnect(), admin.disconnect()]);
    await service.stop();
    await dropTopics(prefix);
  }
}

function pooled(phases: FilterPhase[]): FilterPhase & { rounds: number[] } {
  const events = phases.reduce((t, p) => t + p.events, 0);
  const seconds = phases.reduce((t, p) => t + p.seconds, 0);
  return { events, seconds, perSecond: events / seconds, rounds: phases.map((p) => p.perSecond) };
}

export async function filterCost(): Promise<FiltersResult> {
  const { events: count, rounds } = settings.filters;
  const phases: Record<Kind, FilterPhase[]> = { none: [], guarded: [], unguarded: [] };
  const order: Kind[] = ['guarded', 'none', 'unguarded'];
  for (let r = 0; r < rounds; r++) {
    console.log(`filters round ${r + 1}/${rounds}: ${count} events, ${SUBSCRIPTIONS} subscriptions`);
    for (const kind of r % 2 === 0 ? order : [...order].reverse()) phases[kind].push(await phase(kind, count));
  }
  const [a, b, c] = [pooled(phases.guarded), pooled(phases.none), pooled(phases.unguarded)];
  return {
    with: a,
    without: b,
    unguarded: c,
    ratio: a.perSecond / b.perSecond,
    unguardedRatio: c.perSecond / b.perSecond,
    subscriptions: SUBSCRIPTIONS,
  };
}
