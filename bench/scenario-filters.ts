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
 *   its slot, so every event runs every filter through all its clauses before 99 of them say no.
 * Same events, same tasks; the ratio is what filtering 100 subscriptions costs ingest. Rounds
 * alternate the order of the two phases.
 */
export interface FilterPhase {
  events: number;
  seconds: number;
  perSecond: number;
}

export interface FiltersResult {
  without: FilterPhase & { rounds: number[] };
  with: FilterPhase & { rounds: number[] };
  /** with / without; the target is ≥ 0.7. */
  ratio: number;
  subscriptions: number;
}

const SUBSCRIPTIONS = 100;

const SHAPES = [
  (i: number) => `event.data.total.amount > 100 && event.data.total.amount < 1000000 && event.data.slot == ${i}`,
  (i: number) => `event.data.status in ['pending', 'paid', 'shipped'] && event.data.slot == ${i}`,
  (i: number) => `event.data.tags.exists(t, t == 'vip') && event.data.slot == ${i}`,
  (i: number) => `has(event.data.customer.tier) && event.data.customer.tier != 'none' && event.data.slot == ${i}`,
  (i: number) =>
    `event.data.order_id.startsWith('o-') && event.data.total.currency == 'EUR' && event.data.slot == ${i}`,
];
export const benchFilter = (i: number) => SHAPES[i % SHAPES.length](i);

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

async function phase(filtered: boolean, count: number): Promise<FilterPhase> {
  const prefix = newPrefix();
  const paths = Array.from({ length: SUBSCRIPTIONS }, (_, i) => `/filtered-${i}`);
  await setSubscriptions(
    paths,
    (i) => (filtered ? ['order.created'] : [`bench.t${i}`]),
    (i) => (filtered ? benchFilter(i) : null),
  );
  const service = await startService(prefix, { ROLES: 'ingest', INGEST_UNKNOWN_TYPES: 'deliver' });
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
  const without: FilterPhase[] = [];
  const withFilters: FilterPhase[] = [];
  for (let r = 0; r < rounds; r++) {
    console.log(`filters round ${r + 1}/${rounds}: ${count} events, ${SUBSCRIPTIONS} subscriptions`);
    if (r % 2 === 0) withFilters.push(await phase(true, count));
    without.push(await phase(false, count));
    if (r % 2 === 1) withFilters.push(await phase(true, count));
  }
  const [a, b] = [pooled(withFilters), pooled(without)];
  return { with: a, without: b, ratio: a.perSecond / b.perSecond, subscriptions: SUBSCRIPTIONS };
}
