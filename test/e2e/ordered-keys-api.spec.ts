import { byId, errorOf, expectData, expectErrorBody } from '../support/api-client.js';
import { PipelineHarness } from '../support/harness.js';
import type { ReceivedRequest } from '../support/https-receiver.js';
import { envelope, eventually } from '../support/pipeline-fixtures.js';

interface Body {
  id: string;
  sequence: number;
  previous_event_id: string | null;
  data: { account: string; n: number };
}
const bodyOf = (r: ReceivedRequest) => JSON.parse(r.body) as Body;

/**
 * A key whose head keeps failing: under on_exhausted "block" it holds exactly that key, the API
 * shows it, a skip dead-letters the head (the key moves on), a redrive sends it again; under "skip"
 * the key moves past it by itself, the delivery log and a metric saying so.
 */
describe('ordered keys: block, skip and redrive', () => {
  let h: PipelineHarness;
  let healed = false;
  const stuck = (b: Body) => b.data.account === 'stuck' && !healed;

  beforeAll(async () => {
    h = await PipelineHarness.start({
      env: { RETRY_SCHEDULE: '100ms,200ms' },
      subscriptions: [
        { path: '/block', events: ['order.*'], ordering: { key: 'event.data.account', on_exhausted: 'block' } },
        { path: '/skip', events: ['order.*'], ordering: { key: 'event.data.account', on_exhausted: 'skip' } },
      ],
    });
    h.receiver.responder = (req) => {
      if (req.body.includes('url_verification')) return { status: 200 };
      const body = bodyOf(req);
      if (req.path === '/block' && stuck(body)) return { status: 503 };
      if (req.path === '/skip' && body.data.account === 'x' && body.data.n === 1) return { status: 500 };
      return { status: 200 };
    };
  }, 120_000);
  afterAll(() => h?.close(), 60_000);

  const publish = (events: ReturnType<typeof envelope>[]) =>
    h.kafka.send(
      h.config.ingest.topics[0],
      events.map((e) => ({
        key: (e.data as { account: string }).account,
        value: JSON.stringify(e),
        headers: { 'tenant-id': h.tenant },
      })),
    );
  const arrivals = (path: string, account: string) =>
    h.receiver
      .deliveries(path)
      .map(bodyOf)
      .filter((b) => b.data.account === account);
  const firsts = (path: string, account: string) => {
    const seen = new Set<string>();
    return arrivals(path, account).filter((b) => !seen.has(b.id) && seen.add(b.id));
  };

  it('blocks exactly the failing key; an operator skips its head, then redrives the next', async () => {
    const [block] = h.subscriptionIds;
    const events = ['stuck', 'ok1', 'ok2'].flatMap((account) =>
      Array.from({ length: 10 }, (_, n) => envelope('order.created', { account, n })),
    );
    await publish(events);
    const others = events.filter((e) => (e.data as { account: string }).account !== 'stuck');
    await eventually(() => h.delivered(others, ['/block']), 60_000, 'the other keys delivered');
    const blockedKeys = async () =>
      expectData(
        await h.api.GET('/webhooks/{id}/ordered-keys', {
          params: { path: { id: block }, query: { state: 'blocked' } },
        }),
        200,
      ).data;
    await eventually(async () => (await blockedKeys()).length === 1, 30_000, 'the key blocked');
    const [key] = await blockedKeys();
    expect(key).toMatchObject({ key: 'stuck', state: 'blocked', pending: 10, head: { sequence: 1, attempts: 3 } });
    expect(key.head!.last_attempts.map((a) => [a.n, a.outcome, a.status])).toEqual([
      [1, 'http_error', 503],
      [2, 'http_error', 503],
      [3, 'http_error', 503],
    ]);
    expect(key.head!.event_id).toBe(events[0].id);
    // Exactly that key waits: its head went three times, nothing after it.
    expect(arrivals('/block', 'stuck').map((b) => b.data.n)).toEqual([0, 0, 0]);
    for (const account of ['ok1', 'ok2'])
      expect(firsts('/block', account).map((b) => b.sequence)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);

    const action = (name: 'skip' | 'redrive', body: { key: string; event_id?: string }) =>
      h.api.POST(`/webhooks/{id}/ordered-keys/${name}`, { ...byId(block), body });
    expectErrorBody(await action('skip', { key: 'stuck', event_id: events[1].id }), 409, 'ORDERED_KEY_HEAD_MOVED');
    expectErrorBody(await action('redrive', { key: 'ok1' }), 409, 'ORDERED_KEY_NOT_BLOCKED');
    expectErrorBody(await action('redrive', { key: 'nobody' }), 404, 'NOT_FOUND');
    expect(errorOf(await action('skip', { key: 'stuck', extra: 1 } as never)).details[0]).toMatchObject({
      field: 'extra',
      code: 'UNKNOWN_FIELD',
    });
    const skipped = expectData(await action('skip', { key: 'stuck', event_id: events[0].id }), 200);
    expect(skipped).toMatchObject({ key: 'stuck', pending: 9 });
    // The next head fails as well and blocks in turn; healed, a redrive sends it and the rest follow.
    await eventually(async () => (await blockedKeys())[0]?.head?.sequence === 2, 30_000, 'blocked at its second event');
    healed = true;
    expect(expectData(await action('redrive', { key: 'stuck' }), 200)).toMatchObject({ key: 'stuck' });
    await eventually(() => h.delivered(events.slice(1, 10), ['/block']), 30_000, 'the rest of the key delivered');
    const rest = firsts('/block', 'stuck').filter((b) => b.data.n > 0);
    expect(rest.map((b) => b.sequence)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(rest[0].previous_event_id).toBe(events[0].id);
    // Delivered on, no longer blocked: a stale head named is a moved head; no head named, a key not blocked.
    expectErrorBody(await action('skip', { key: 'stuck', event_id: events[0].id }), 409, 'ORDERED_KEY_HEAD_MOVED');
    expectErrorBody(await action('redrive', { key: 'stuck', event_id: events[1].id }), 409, 'ORDERED_KEY_HEAD_MOVED');
    expectErrorBody(await action('redrive', { key: 'stuck' }), 409, 'ORDERED_KEY_NOT_BLOCKED');

    const log = await h.fixtures.db.query<{ event_id: string; outcome: string; trigger: string }>(
      `SELECT event_id, outcome, trigger FROM delivery_attempts WHERE tenant_id = $1 AND subscription_id = $2
        AND event_id = ANY ($3::text[]) ORDER BY created_at, id`,
      [h.tenant, block, [events[0].id, events[1].id]],
    );
    expect(log.rows.filter((r) => r.event_id === events[0].id).map((r) => r.outcome)).toEqual([
      'http_error',
      'http_error',
      'http_error',
      'skipped',
    ]);
    expect(log.rows.filter((r) => r.event_id === events[1].id).at(-1)).toMatchObject({
      outcome: 'success',
      trigger: 'manual',
    });
    await eventually(
      async () =>
        (
          await h.fixtures.db.query(
            `SELECT 1 FROM dead_letters WHERE tenant_id = $1 AND reason = 'skipped'
            AND payload_json #>> '{event,id}' = $2`,
            [h.tenant, events[0].id],
          )
        ).rowCount === 1,
      30_000,
      'the skipped head in the dead letters',
    );
  }, 180_000);

  it('under "skip", moves past an exhausted event: dead-lettered, logged as skipped, counted', async () => {
    const [, skip] = h.subscriptionIds;
    const events = Array.from({ length: 5 }, (_, n) => envelope('order.created', { account: 'x', n }));
    await publish(events);
    await eventually(() => arrivals('/skip', 'x').length === 7, 30_000, 'the four others after three tries of one');
    await new Promise((r) => setTimeout(r, 500));
    // Three tries of the second event (all refused), then the key moved on to the third.
    expect(arrivals('/skip', 'x').map((b) => b.data.n)).toEqual([0, 1, 1, 1, 2, 3, 4]);
    expect(firsts('/skip', 'x').map((b) => b.sequence)).toEqual([1, 2, 3, 4, 5]);
    // The chain names the event given up: a consumer sees the gap.
    expect(firsts('/skip', 'x')[2].previous_event_id).toBe(events[1].id);
    const skipped = await h.fixtures.db.query(
      `SELECT error FROM delivery_attempts WHERE tenant_id = $1 AND subscription_id = $2 AND event_id = $3 AND outcome = 'skipped'`,
      [h.tenant, skip, events[1].id],
    );
    expect(skipped.rows).toHaveLength(1);
    expect(skipped.rows[0].error).toMatch(/retries exhausted/);
    expect(await h.scrape()).toMatch(/hookline_ordered_skipped_total\{reason="exhausted"\} 1/);
  }, 60_000);
});
