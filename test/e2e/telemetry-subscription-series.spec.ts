import { PipelineHarness } from '../support/harness.js';
import { envelope, eventually } from '../support/pipeline-fixtures.js';

const COUNT = 10_000;
const CAP = 100;
const BATCH = 100;
const UUID_SERIES = /subscription_id="([0-9a-f-]{36})"/g;

/** The subscription ids that have series of their own in a scrape. */
const ownSeries = (text: string) => new Set([...text.matchAll(UUID_SERIES)].map((m) => m[1]));

/** Runs `work` over `items`, `parallel` at a time. */
async function inParallel<T>(items: T[], parallel: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: parallel }, worker));
}

/**
 * 10,000 subscriptions, created over the API, each delivered to, then deleted over the API: at most
 * METRICS_MAX_SUBSCRIPTION_SERIES of them ever have series of their own, and none is left after.
 */
describe('telemetry: per-subscription series stay bounded and go with their subscriptions', () => {
  let h: PipelineHarness;
  const ids: string[] = [];

  beforeAll(async () => {
    h = await PipelineHarness.start({
      env: { METRICS_MAX_SUBSCRIPTION_SERIES: String(CAP), API_RATE_LIMIT_PER_MINUTE: '1000000' },
    });
  });
  afterAll(() => h?.close());

  it(
    'caps them while 10,000 subscriptions receive deliveries, and removes them all on deletion',
    async () => {
      const batches = Array.from({ length: COUNT / BATCH }, (_, b) =>
        Array.from({ length: BATCH }, (_, i) => ({ url: h.receiver.url(`/s/${b * BATCH + i}`), events: ['order.*'] })),
      );
      await inParallel(batches, 4, async (items) => {
        const created = await h.api.raw.post('/v1/webhooks/batch', items);
        expect(created.status).toBe(200);
        for (const result of created.body.data as { status: number; id: string }[]) {
          expect(result.status).toBe(201);
          ids.push(result.id);
        }
      });
      expect(new Set(ids).size).toBe(COUNT);

      await h.publish([envelope('order.created')]);
      await eventually(() => h.receiver.deliveries().length >= COUNT, 5 * 60_000, `${COUNT} deliveries`);
      const during = await h.scrape();
      expect(ownSeries(during).size).toBe(CAP);
      expect([...ownSeries(during)].every((id) => ids.includes(id))).toBe(true);
      expect(during).toContain('hookline_subscription_concurrency_limit{subscription_id="_other"}');

      await inParallel(ids, 16, async (id) => {
        expect((await h.api.raw.delete(`/v1/webhooks/${id}`)).status).toBe(204);
      });
      await eventually(async () => ownSeries(await h.scrape()).size === 0, 30_000, 'no series of their own');
      const after = await h.scrape();
      expect(after).not.toMatch(/^hookline_subscription_concurrency_limit\{/m);
      expect(after).not.toMatch(/subscription_id="(?!_other")/);
    },
    15 * 60_000,
  );
});
