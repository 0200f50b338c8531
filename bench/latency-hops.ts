import { db, sleep, tenant } from './context.js';
import type { Arrival } from './receiver.js';
import { median } from './stats.js';

/**
 * Where the slowest deliveries of a fixed-rate run spent their time, from the timestamps the
 * service stores: the event's created_at (set by the publisher), its received_at (ingest matched it:
 * read from Kafka, then waited for a fresh subscription table) and the first attempt's created_at
 * (the request began), then arrival at the receiver.
 */
export interface LatencyHops {
  /** How many deliveries the slowest 1 % are (at least one). */
  tail: number;
  /** Medians over those deliveries, ms: publish → matched, matched → request start, request. */
  publishToMatchedMs: number;
  matchedToRequestMs: number;
  requestMs: number;
}

/**
 * The hops of the slowest 1 % of `arrivals` (a run that began at `since`); `subscriptionOf` maps a
 * receiver path to its subscription.
 */
export async function latencyHops(
  arrivals: Arrival[],
  since: Date,
  subscriptionOf: (path: string) => string,
): Promise<LatencyHops | undefined> {
  if (arrivals.length === 0) return undefined;
  const { events, requested } = await storedTimes(since, arrivals.length);
  const hops = arrivals.flatMap(([id, path, at]) => {
    const event = events.get(id);
    const requestedAt = requested.get(`${id} ${subscriptionOf(path)}`);
    return event && requestedAt ? [{ total: at - event.created, event, requestedAt, at }] : [];
  });
  hops.sort((a, b) => b.total - a.total);
  const tail = hops.slice(0, Math.max(1, Math.ceil(hops.length / 100)));
  return {
    tail: tail.length,
    publishToMatchedMs: median(tail.map((h) => h.event.received - h.event.created)),
    matchedToRequestMs: median(tail.map((h) => h.requestedAt - h.event.received)),
    requestMs: median(tail.map((h) => h.at - h.requestedAt)),
  };
}

const ms = (column: string) => `(extract(epoch FROM ${column}) * 1000)::float8`;

/**
 * The bench tenant's events and first attempts since `since` (range scans on its indexes: a filter
 * on thousands of ids would compare each row with each id), waiting up to 10 s for attempt rows
 * still being written.
 */
async function storedTimes(since: Date, expected: number) {
  const { rows: eventRows } = await db.query<{ id: string; created: number; received: number }>(
    `SELECT id, ${ms('created_at')} AS created, ${ms('received_at')} AS received
       FROM events WHERE tenant_id = $1 AND received_at >= $2`,
    [tenant, since],
  );
  const events = new Map(eventRows.map((r) => [r.id, r]));
  for (let waited = 0; ; waited += 500) {
    const { rows } = await db.query<{ event_id: string; subscription_id: string; at: number }>(
      `SELECT event_id, subscription_id::text, ${ms('created_at')} AS at
         FROM delivery_attempts WHERE tenant_id = $1 AND created_at >= $2 AND attempt = 1`,
      [tenant, since],
    );
    if (rows.length >= expected || waited >= 10_000)
      return { events, requested: new Map(rows.map((r) => [`${r.event_id} ${r.subscription_id}`, r.at])) };
    await sleep(500);
  }
}
