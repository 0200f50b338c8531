import { PipelineHarness } from '../support/harness.js';
import { eventually } from '../support/pipeline-fixtures.js';
import { uniqueId } from '../support/test-config.js';

/** Each turns a 20,000-character field into billions of characters of work if nothing bounds it. */
const GROWING = "event.data.s.replace('a', event.data.s).size() > 0";
const NESTED = "event.data.s.replace('a', event.data.s).replace('a', event.data.s) != ''";
const JOINED = 'event.data.words.join(event.data.s).size() > 0';
const REPEATED = 'event.data.words.all(w, event.data.s.size() > 0)';
const ORDERED_KEY = "event.data.s.replace('a', event.data.s)";
/** ((v+v)+(v+v))… with 128 leaves: 51,200,000 characters of a 400,000-character field; the heap ran out. */
const doubled = (leaves: number): string => (leaves === 1 ? 'v' : `(${doubled(leaves / 2)}+${doubled(leaves / 2)})`);
const DOUBLED = `[event.data.s].all(v, size(${doubled(128)}) > 0)`;

/**
 * Filters and ordering keys that any tenant may write, built to hold ingest on one event: each is
 * stopped at its cost limit, counted, and an unfiltered subscription behind them receives the event
 * and the next one at once. Before the bound, the first filter alone held ingest for minutes.
 */
describe('pipeline: filters and ordering keys built to stall ingest', () => {
  let h: PipelineHarness;
  const hostile = [GROWING, NESTED, JOINED, REPEATED, DOUBLED];

  beforeAll(async () => {
    h = await PipelineHarness.start({
      env: { KAFKA_TOPIC_PARTITIONS: '1' },
      subscriptions: [
        ...hostile.map((filter, i) => ({ path: `/hostile/${i}`, events: ['order.created'], filter })),
        { path: '/ordered', events: ['order.created'], ordering: { key: ORDERED_KEY, on_exhausted: 'skip' } },
        { path: '/hook', events: ['order.created'] },
      ],
    });
  });
  afterAll(() => h?.close());

  it('stops each at its cost limit, counts it, and delivers the event to everyone else at once', async () => {
    const data = { s: 'a'.repeat(20_000), words: Array.from({ length: 200 }, (_, i) => `w${i}`) };
    const event = { id: uniqueId('evt_bomb'), type: 'order.created', created_at: new Date().toISOString(), data };
    const canary = { ...event, id: uniqueId('evt_canary'), data: { s: 'a', words: ['w'] } };
    await h.publish([event, canary]);

    await eventually(() => h.delivered([event, canary], ['/hook', '/ordered']), 20_000, 'both events, unfiltered');
    const metrics = await h.scrape();
    hostile.forEach((_, i) => {
      expect(counter(metrics, 'hookline_filter_errors_total', h.subscriptionIds[i])).toBeGreaterThanOrEqual(1);
    });
    expect(total(metrics, 'hookline_ordering_key_errors_total')).toBeGreaterThanOrEqual(1);
    // The small canary passes every filter: the bound refuses work, not the filters.
    await eventually(
      () =>
        h.delivered(
          [canary],
          hostile.map((_, i) => `/hostile/${i}`),
        ),
      10_000,
      'the canary',
    );
    expect(
      h.undelivered(
        [event],
        hostile.map((_, i) => `/hostile/${i}`),
      ),
    ).toEqual([event]);
  }, 60_000);

  it('answers a filter test of each with its cost error', async () => {
    const words = Array.from({ length: 200 }, (_, i) => `w${i}`);
    const event = { type: 'order.created', data: { s: 'a'.repeat(400_000), words } };
    for (const filter of hostile) {
      const answer = await h.api.raw.post('/v1/webhooks/filter-tests', { filter, event });
      expect({ filter, status: answer.status, body: answer.body }).toEqual({
        filter,
        status: 200,
        body: { matches: false, error: { message: expect.stringMatching(/cost limit/), position: expect.any(Object) } },
      });
    }
  }, 60_000);
});

function total(metrics: string, name: string): number {
  const line = metrics.split('\n').find((l) => l.startsWith(`${name} `));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
}

function counter(metrics: string, name: string, subscriptionId: string): number {
  const line = metrics.split('\n').find((l) => l.startsWith(`${name}{`) && l.includes(`"${subscriptionId}"`));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
}
