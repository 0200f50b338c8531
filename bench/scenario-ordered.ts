import type { Producer } from 'kafkajs';
import { benchEventId } from './event-ids.js';
import type { ServiceProcess } from '../src/devtools/service-process.js';
import {
  benchSubscriptionId,
  db,
  dropTopics,
  kafka,
  newPrefix,
  receiver,
  setSubscriptions,
  startService,
  tenant,
  waitDelivered,
} from './context.js';
import { settings } from './settings.js';

/**
 * Ordered delivery's cost: one subscription takes a burst of events, unordered, then ordered by
 * `event.data.account` over 1, 100 and 10,000 accounts (the records keyed by account, as ordered
 * delivery asks of producers). One service runs every phase: each phase's subscriptions take an
 * event type of their own, and a phase publishes only that type. An ordered key sends one event at a time,
 * so one key is bound by the round trip; many keys go in parallel. The ratios are ordered
 * deliveries/s over unordered. The one-key phase sends fewer events (its rate is the point, not its
 * count). Then the neighbours: an unordered subscription beside an ordered one (100 keys), against
 * the same beside an unordered twin, both taking every event (the target: at most 10 %
 * slower). Data validation is off in every phase.
 */
export interface OrderedPhase {
  /** 0: unordered. */
  keys: number;
  events: number;
  seconds: number;
  perSecond: number;
}

/** An unordered subscription's rate beside a second subscription taking the same events. */
export interface NeighbourPhase {
  /** The second subscription's keys; 0: it is unordered too. */
  neighbourKeys: number;
  events: number;
  perSecond: number;
}

export interface OrderedResult {
  unordered: OrderedPhase;
  ordered: (OrderedPhase & { ratio: number })[];
  /**
   * An unordered subscription beside an ordered one (100 keys), and beside an unordered twin; each
   * rate as a ratio to the unordered subscription alone (`unordered`).
   */
  neighbours: {
    besideUnordered: NeighbourPhase;
    besideOrdered: NeighbourPhase;
    ratio: number;
    twinRatio: number;
  } | null;
}

const ORDERING = { key: 'event.data.account', on_exhausted: 'skip' };
const NEIGHBOUR_KEYS = 100;

/** One phase: the event type it publishes, and the subscriptions taking it (an ordering's keys, or 0). */
interface Plan {
  type: string;
  subscriptions: { path: string; keys: number }[];
}

function records(type: string, count: number, keys: number, from: number) {
  const now = new Date();
  return Array.from({ length: count }, (_, k) => {
    const n = from + k;
    const account = `acct-${keys > 0 ? n % keys : n}`;
    return {
      key: account,
      value: JSON.stringify({
        id: benchEventId(now.getTime()),
        type,
        created_at: now.toISOString(),
        data: { account, n, status: 'pending', total: { amount: 1200, currency: 'EUR' } },
      }),
      headers: { 'tenant-id': tenant },
    };
  });
}

/** Every phase's subscriptions at once (subscription i at its path), ordered where the plan says. */
async function subscribe(plans: Plan[]): Promise<void> {
  const all = plans.flatMap((plan) => plan.subscriptions.map((s) => ({ ...s, type: plan.type })));
  await setSubscriptions(
    all.map((s) => s.path),
    (i) => [all[i].type],
  );
  for (const [i, s] of all.entries())
    if (s.keys > 0)
      await db.query(`UPDATE subscriptions SET ordering = $2 WHERE id = $1`, [benchSubscriptionId(i), ORDERING]);
}

/**
 * A warm-up, then `events` events of the plan's type over `keys` accounts; the rate is `ratePath`'s:
 * its deliveries from the first publish to its last one.
 */
async function run(
  producer: Producer,
  topic: string,
  plan: Plan,
  events: number,
  keys: number,
  ratePath: string,
): Promise<{ seconds: number; perSecond: number }> {
  const send = async (count: number, from: number) => {
    for (let sent = 0; sent < count; sent += 500)
      await producer.send({
        topic,
        acks: 1,
        messages: records(plan.type, Math.min(500, count - sent), keys, from + sent),
      });
  };
  const paths = plan.subscriptions.length;
  await receiver.reset();
  const warmUp = Math.min(200, events);
  await send(warmUp, 0);
  await waitDelivered(warmUp * paths, `warm-up ${plan.type}`);
  await receiver.reset();
  const started = Date.now();
  await send(events, warmUp);
  const stats = await waitDelivered(events * paths, plan.type);
  const lastAt =
    paths === 1
      ? stats.lastAt
      : Math.max(...stats.arrivals.filter(([, path]) => path === ratePath).map(([, , at]) => at));
  const seconds = (lastAt - started) / 1000;
  return { seconds, perSecond: events / seconds };
}

export async function orderedCost(): Promise<OrderedResult> {
  const { events, oneKeyEvents, keys } = settings.ordered;
  console.log(`ordered delivery: ${events} events to one subscription, unordered and over ${keys.join(', ')} keys`);
  const single = (type: string, path: string, k: number): Plan => ({ type, subscriptions: [{ path, keys: k }] });
  const unorderedPlan = single('bench.unordered', '/unordered', 0);
  const orderedPlans = keys.map((k) => single(`bench.ordered-${k}`, `/ordered-${k}`, k));
  const pair = (type: string, neighbourKeys: number): Plan => ({
    type,
    subscriptions: [
      { path: `/${type}-unordered`, keys: 0 },
      { path: `/${type}-neighbour`, keys: neighbourKeys },
    ],
  });
  const [twinPlan, neighbourPlan] = [pair('bench.twin', 0), pair('bench.neighbour', NEIGHBOUR_KEYS)];
  await subscribe([unorderedPlan, ...orderedPlans, twinPlan, neighbourPlan]);
  const prefix = newPrefix();
  let service: ServiceProcess | undefined;
  const producer = kafka.producer();
  try {
    service = await startService(prefix, { INGEST_DATA_VALIDATION: 'off' });
    await producer.connect();
    const topic = `${prefix}.events`;
    const unordered = { keys: 0, events, ...(await run(producer, topic, unorderedPlan, events, events, '')) };
    const ordered: OrderedResult['ordered'] = [];
    for (const [i, k] of keys.entries()) {
      const count = k === 1 ? Math.min(events, oneKeyEvents) : events;
      const result = { keys: k, events: count, ...(await run(producer, topic, orderedPlans[i], count, k, '')) };
      ordered.push({ ...result, ratio: result.perSecond / unordered.perSecond });
    }
    const beside = async (plan: Plan, neighbourKeys: number): Promise<NeighbourPhase> => {
      const { perSecond } = await run(producer, topic, plan, events, NEIGHBOUR_KEYS, `/${plan.type}-unordered`);
      return { neighbourKeys, events, perSecond };
    };
    const besideUnordered = await beside(twinPlan, 0);
    const besideOrdered = await beside(neighbourPlan, NEIGHBOUR_KEYS);
    const neighbours = {
      besideUnordered,
      besideOrdered,
      ratio: besideOrdered.perSecond / unordered.perSecond,
      twinRatio: besideUnordered.perSecond / unordered.perSecond,
    };
    return { unordered, ordered, neighbours };
  } finally {
    await producer.disconnect();
    await service?.stop();
    await dropTopics(prefix);
  }
}
