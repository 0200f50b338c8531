import type { Producer } from 'kafkajs';
import { benchEventId } from './event-ids.js';
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
 * `event.data.account` over 1, 100 and 10,000 accounts (each phase on a fresh service, the records
 * keyed by account as ordered delivery asks of producers). An ordered key sends one event at a time,
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
  /** The unordered subscription beside an unordered twin, and beside an ordered one (100 keys). */
  neighbours: { besideUnordered: NeighbourPhase; besideOrdered: NeighbourPhase; ratio: number } | null;
}

const PATH = '/ordered';
const NEIGHBOUR_KEYS = 100;

function records(count: number, keys: number, from: number) {
  const now = new Date();
  return Array.from({ length: count }, (_, k) => {
    const n = from + k;
    const account = `acct-${keys > 0 ? n % keys : n}`;
    return {
      key: account,
      value: JSON.stringify({
        id: benchEventId(now.getTime()),
        type: 'order.created',
        created_at: now.toISOString(),
        data: { account, n, status: 'pending', total: { amount: 1200, currency: 'EUR' } },
      }),
      headers: { 'tenant-id': tenant },
    };
  });
}

async function publish(producer: Producer, topic: string, count: number, keys: number, from = 0): Promise<void> {
  for (let sent = 0; sent < count; sent += 500)
    await producer.send({ topic, acks: 1, messages: records(Math.min(500, count - sent), keys, from + sent) });
}

async function phase(keys: number, events: number): Promise<OrderedPhase> {
  const prefix = newPrefix();
  await setSubscriptions([PATH], () => ['order.created']);
  const ordering = keys > 0 ? { key: 'event.data.account', on_exhausted: 'skip' } : null;
  await db.query(`UPDATE subscriptions SET ordering = $2 WHERE id = $1`, [benchSubscriptionId(0), ordering]);
  const service = await startService(prefix, { INGEST_DATA_VALIDATION: 'off' });
  const producer = kafka.producer();
  await producer.connect();
  const topic = `${prefix}.events`;
  const label = keys > 0 ? `ordered, ${keys} keys` : 'unordered';
  try {
    await receiver.reset();
    const warmUp = Math.min(200, events);
    await publish(producer, topic, warmUp, keys);
    await waitDelivered(warmUp, `warm-up ${label}`);
    await receiver.reset();
    const started = Date.now();
    await publish(producer, topic, events, keys, warmUp);
    const burst = await waitDelivered(events, label);
    const seconds = (burst.lastAt - started) / 1000;
    return { keys, events, seconds, perSecond: events / seconds };
  } finally {
    await producer.disconnect();
    await service.stop();
    await dropTopics(prefix);
  }
}

/**
 * The neighbours' phase: subscription 0 unordered at /unordered, subscription 1 at /neighbour
 * (ordered over `neighbourKeys` keys, or unordered), both taking every event. The rate is
 * /unordered's, from the first publish to its last delivery.
 */
async function neighbourPhase(neighbourKeys: number, events: number): Promise<NeighbourPhase> {
  const prefix = newPrefix();
  await setSubscriptions(['/unordered', '/neighbour'], () => ['order.created']);
  const ordering = neighbourKeys > 0 ? { key: 'event.data.account', on_exhausted: 'skip' } : null;
  await db.query(`UPDATE subscriptions SET ordering = $2 WHERE id = $1`, [benchSubscriptionId(1), ordering]);
  const service = await startService(prefix, { INGEST_DATA_VALIDATION: 'off' });
  const producer = kafka.producer();
  await producer.connect();
  const topic = `${prefix}.events`;
  const label = neighbourKeys > 0 ? 'beside an ordered one' : 'beside an unordered one';
  try {
    await receiver.reset();
    await publish(producer, topic, 200, NEIGHBOUR_KEYS);
    await waitDelivered(400, `warm-up ${label}`);
    await receiver.reset();
    const started = Date.now();
    await publish(producer, topic, events, NEIGHBOUR_KEYS, 200);
    const stats = await waitDelivered(2 * events, label);
    const lastAt = Math.max(...stats.arrivals.filter(([, path]) => path === '/unordered').map(([, , at]) => at));
    return { neighbourKeys, events, perSecond: events / ((lastAt - started) / 1000) };
  } finally {
    await producer.disconnect();
    await service.stop();
    await dropTopics(prefix);
  }
}

export async function orderedCost(): Promise<OrderedResult> {
  const { events, oneKeyEvents, keys } = settings.ordered;
  console.log(`ordered delivery: ${events} events to one subscription, unordered and over ${keys.join(', ')} keys`);
  const unordered = await phase(0, events);
  const ordered: OrderedResult['ordered'] = [];
  for (const k of keys) {
    const result = await phase(k, k === 1 ? Math.min(events, oneKeyEvents) : events);
    ordered.push({ ...result, ratio: result.perSecond / unordered.perSecond });
  }
  const besideUnordered = await neighbourPhase(0, events);
  const besideOrdered = await neighbourPhase(NEIGHBOUR_KEYS, events);
  const neighbours = { besideUnordered, besideOrdered, ratio: besideOrdered.perSecond / besideUnordered.perSecond };
  return { unordered, ordered, neighbours };
}
