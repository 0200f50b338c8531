import type { ReceivedRequest } from './https-receiver.js';

/** What an ordered subscription's endpoint reads of a delivery. */
export interface OrderedBody {
  id: string;
  sequence: number;
  previous_event_id: string | null;
  data: { account: string; n: number };
}

export interface Arrival {
  body: OrderedBody;
  receivedAt: number;
}

/** Per key (data.account), the first arrival of each event, in arrival order. */
export function firstArrivals(requests: readonly ReceivedRequest[]): Map<string, Arrival[]> {
  const seen = new Set<string>();
  const byKey = new Map<string, Arrival[]>();
  for (const r of requests) {
    const body = JSON.parse(r.body) as OrderedBody;
    if (seen.has(body.id)) continue;
    seen.add(body.id);
    const arrivals = byKey.get(body.data.account) ?? [];
    arrivals.push({ body, receivedAt: r.receivedAt });
    byKey.set(body.data.account, arrivals);
  }
  return byKey;
}

/**
 * When the endpoint first began writing a 2xx answer it then handed over whole, per event id. An
 * answer the client never had (it went away first, as a timed-out request does) does not count.
 */
export function acknowledgements(requests: readonly ReceivedRequest[]): Map<string, number> {
  const acked = new Map<string, number>();
  for (const r of requests) {
    if (r.answeredAt === undefined || r.answeredStatus === undefined) continue;
    if (r.answeredStatus < 200 || r.answeredStatus >= 300) continue;
    const id = (JSON.parse(r.body) as OrderedBody).id;
    acked.set(id, Math.min(acked.get(id) ?? Infinity, r.answeredAt));
  }
  return acked;
}

/** One key's requests, oldest first, as lines to read beside a violation: n, arrival, answer. */
export function keyTimeline(requests: readonly ReceivedRequest[], key: string): string[] {
  return requests
    .map((r) => ({ r, body: JSON.parse(r.body) as OrderedBody }))
    .filter(({ body }) => body.data.account === key)
    .map(
      ({ r, body }) =>
        `n ${body.data.n} (sequence ${body.sequence}) arrived ${r.receivedAt}, ` +
        (r.answeredAt === undefined ? 'never answered' : `answered ${r.answeredStatus} at ${r.answeredAt}`),
    );
}

/**
 * What breaks "strict" for one key's first arrivals (empty when none): an event out of publish
 * order (data.n), a sequence that does not grow, a previous_event_id that is not the event before
 * when the sequence is the next one, or an event that arrived before the one before it was
 * acknowledged (`acknowledgedAt`: see acknowledgements).
 */
export function orderViolations(
  key: string,
  arrivals: readonly Arrival[],
  acknowledgedAt: ReadonlyMap<string, number>,
): string[] {
  const problems: string[] = [];
  arrivals.forEach(({ body, receivedAt }, i) => {
    const before = arrivals[i - 1]?.body;
    if (!before) return;
    if (body.data.n <= before.data.n) problems.push(`${key}: n ${body.data.n} arrived after n ${before.data.n}`);
    if (body.sequence <= before.sequence)
      problems.push(`${key}: sequence ${body.sequence} arrived after ${before.sequence}`);
    if (body.sequence === before.sequence + 1 && body.previous_event_id !== before.id)
      problems.push(`${key}: sequence ${body.sequence} names ${body.previous_event_id}, not ${before.id}`);
    const acked = acknowledgedAt.get(before.id);
    if (acked === undefined || receivedAt < acked)
      problems.push(`${key}: n ${body.data.n} arrived before n ${before.data.n} was acknowledged`);
  });
  return problems;
}
