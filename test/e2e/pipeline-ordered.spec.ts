import { PipelineHarness } from '../support/harness.js';
import type { ReceivedRequest } from '../support/https-receiver.js';
import { envelope, eventually } from '../support/pipeline-fixtures.js';

interface Delivered {
  id: string;
  sequence: number;
  previous_event_id: string | null;
  data: { account: string; n: number };
}

const bodyOf = (r: ReceivedRequest) => JSON.parse(r.body) as Delivered;

/** Per key, the first arrival of each event, in arrival order. */
function firstArrivals(requests: ReceivedRequest[]): Map<string, Delivered[]> {
  const seen = new Set<string>();
  const byKey = new Map<string, Delivered[]>();
  for (const r of requests) {
    const body = bodyOf(r);
    if (seen.has(body.id)) continue;
    seen.add(body.id);
    byKey.set(body.data.account, [...(byKey.get(body.data.account) ?? []), body]);
  }
  return byKey;
}

/** The key whose lease the test makes lapse while its first event's request is open. */
const LAPSING = 'lapsing';
const HOLD_MS = 10_000;
/** How long the unordered subscription's endpoint holds a request, well within DELIVERY_TIMEOUT_MS. */
const SLOW_MS = 12_000;

describe('ordered delivery: a key at a time, in the order of its partition', () => {
  let h: PipelineHarness;
  let failing = 0.3;
  /** The lapsing key's events answered slowly so far. */
  const slowlyAnswered = new Set<string>();

  beforeAll(async () => {
    h = await PipelineHarness.start({
      env: {
        ROLES: 'ingest,delivery,retry',
        RETRY_SCHEDULE: '100ms,200ms,300ms,400ms,500ms,600ms,700ms,800ms,900ms,1s',
      },
      subscriptions: [
        { path: '/ordered', events: ['order.*'], ordering: { key: 'event.data.account', on_exhausted: 'skip' } },
        { path: '/slow', events: ['slow.*'] },
      ],
    });
    h.receiver.responder = (req) => {
      if (req.path === '/slow') return { status: 200, delayMs: SLOW_MS };
      const { id, data } = bodyOf(req);
      if (data.account === LAPSING) {
        // The key's first event is answered slowly once: its lease is made to lapse meanwhile.
        if (data.n !== 0 || slowlyAnswered.has(id)) return { status: 200 };
        slowlyAnswered.add(id);
        return { status: 200, delayMs: HOLD_MS };
      }
      if (req.path === '/ordered' && Math.random() < failing) return { status: 500 };
      return { status: 200 };
    };
  }, 120_000);
  afterAll(() => h?.close(), 60_000);

  it('delivers each key strictly in order through random failures, sequence and previous_event_id per key', async () => {
    const keys = ['a', 'b', 'c', 'd', 'e', 'f'];
    const events = Array.from({ length: 600 }, (_, n) => envelope('order.updated', { account: keys[n % 6], n }));
    for (let i = 0; i < events.length; i += 50)
      await h.kafka.send(
        h.config.ingest.topics[0],
        events.slice(i, i + 50).map((e) => ({
          key: (e.data as { account: string }).account,
          value: JSON.stringify(e),
          headers: { 'tenant-id': h.tenant },
        })),
      );
    await eventually(() => h.delivered(events, ['/ordered']), 90_000, 'every event delivered');
    failing = 0;
    const byKey = firstArrivals(h.receiver.deliveries('/ordered'));
    for (const key of keys) {
      const arrivals = byKey.get(key)!;
      const published = events.filter((e) => (e.data as { account: string }).account === key);
      expect(arrivals.map((a) => a.id)).toEqual(published.map((e) => e.id));
      expect(arrivals.map((a) => a.sequence)).toEqual(published.map((_, i) => i + 1));
      expect(arrivals.map((a) => a.previous_event_id)).toEqual([null, ...published.slice(0, -1).map((e) => e.id)]);
    }
    // Retries stayed in place: nothing of the ordered subscription went through a retry tier.
    expect(await h.produced('retry-100ms')).toBe(0);
  }, 120_000);

  it('sends a key’s head once at a time when its lease lapses during the attempt, the next only after its 2xx', async () => {
    const events = [0, 1].map((n) => envelope('order.updated', { account: LAPSING, n }));
    await h.kafka.send(
      h.config.ingest.topics[0],
      events.map((e) => ({ key: LAPSING, value: JSON.stringify(e), headers: { 'tenant-id': h.tenant } })),
    );
    const requestsFor = (id: string) => h.receiver.deliveries('/ordered').filter((r) => bodyOf(r).id === id);
    await eventually(() => requestsFor(events[0].id).length > 0, 30_000, 'the first event’s request open');

    // The holder's lease runs out in Postgres while its request is open; a claim round takes the key again.
    const lease = `SELECT lease_token FROM ordered_keys WHERE subscription_id = $1 AND ordering_key = $2`;
    const args = [h.subscriptionIds[0], LAPSING];
    const [{ lease_token: first }] = (await h.fixtures.db.query(lease, args)).rows;
    await eventually(
      async () => {
        await h.fixtures.db.query(
          `UPDATE ordered_keys SET due_at = now() - interval '1 second'
            WHERE subscription_id = $1 AND ordering_key = $2 AND lease_token = $3`,
          [...args, first],
        );
        const [{ lease_token: now }] = (await h.fixtures.db.query(lease, args)).rows;
        return now !== first;
      },
      HOLD_MS - 4_000,
      'the key claimed again while its request is open',
    );
    await eventually(() => h.delivered(events, ['/ordered']), 30_000, 'both events delivered');

    // One request for the head (no second one beside the open one), and the next after its answer.
    const [head, ...again] = requestsFor(events[0].id);
    expect(again).toEqual([]);
    expect(head.answeredStatus).toBe(200);
    const [next] = requestsFor(events[1].id);
    expect(next.receivedAt).toBeGreaterThanOrEqual(head.answeredAt!);
  }, 60_000);
  it('numbers an ordered event while an earlier record of its partition waits on a slow delivery', async () => {
    // Both records in one ingest partition: the first one's delivery (in ingest's own time, the
    // direct lane) holds its offset's commit until the endpoint answers.
    const slow = envelope('slow.updated', { account: 'elsewhere', n: 0 });
    const ordered = envelope('order.updated', { account: 'behind-slow', n: 0 });
    const send = (e: typeof slow) =>
      h.kafka.send(h.config.ingest.topics[0], [
        { partition: 0, key: 'any', value: JSON.stringify(e), headers: { 'tenant-id': h.tenant } },
      ]);
    await send(slow);
    await eventually(() => h.receiver.deliveries('/slow').length > 0, 30_000, 'the slow request open');
    const publishedAt = Date.now();
    await send(ordered);

    await eventually(() => h.delivered([ordered], ['/ordered']), SLOW_MS, 'the ordered event delivered');
    const [arrival] = h.receiver.deliveries('/ordered').filter((r) => bodyOf(r).id === ordered.id);
    const [held] = h.receiver.deliveries('/slow');
    // Delivered while the slow request was still open, not once its record was committed.
    expect(held.answeredAt ?? Infinity).toBeGreaterThan(arrival.receivedAt);
    expect(arrival.receivedAt - publishedAt).toBeLessThan(SLOW_MS / 2);
    expect(bodyOf(arrival).sequence).toBe(1);
    await eventually(() => held.answeredAt !== undefined, 30_000, 'the slow request answered');
  }, 90_000);
});
