import { randomUUID } from 'node:crypto';
import { SubscriptionSecrets } from '../../src/modules/subscriptions/subscription-secrets.js';
import { PipelineHarness } from '../support/harness.js';
import { envelope, eventually } from '../support/pipeline-fixtures.js';
import { testSecretBox } from '../support/test-config.js';

const COUNT = 10_000;
const CAP = 100;
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
 * 10,000 subscriptions, each delivered to, then deleted over the API: at most
 * METRICS_MAX_SUBSCRIPTION_SERIES of them ever have series of their own, the rest are summed under
 * _other, and none is left once they are deleted. They are written straight into the table before
 * the app starts (how they came is not what is tested, and 10,000 URL challenges take minutes).
 */
describe('telemetry: per-subscription series stay bounded and go with their subscriptions', () => {
  let h: PipelineHarness;
  const ids: string[] = Array.from({ length: COUNT }, () => randomUUID());

  beforeAll(async () => {
    h = await PipelineHarness.start({
      env: { METRICS_MAX_SUBSCRIPTION_SERIES: String(CAP), API_RATE_LIMIT_PER_MINUTE: '1000000' },
      beforeApp: async (harness) => {
        const sealing = new SubscriptionSecrets(testSecretBox());
        const now = new Date();
        const secrets = ids.map((id) => JSON.stringify([sealing.create(id, 'hmac-sha256', undefined, now).entry]));
        await harness.fixtures.db.query(
          `INSERT INTO subscriptions (id, tenant_id, url, events, secrets)
           SELECT id, $2, $3 || id, '{order.*}', secrets::jsonb FROM unnest($1::uuid[], $4::text[]) AS s(id, secrets)`,
          [ids, harness.tenant, harness.receiver.url('/s/'), secrets],
        );
      },
    });
  }, 120_000);
  afterAll(async () => {
    await h?.fixtures.db.query('DELETE FROM subscriptions WHERE tenant_id = $1', [h.tenant]);
    await h?.close();
  });

  it(
    'caps them while 10,000 subscriptions receive deliveries, and removes them all on deletion',
    async () => {
      await h.publish([envelope('order.created')]);
      await eventually(() => h.receiver.deliveries().length >= COUNT, 5 * 60_000, `${COUNT} deliveries`);
      const during = await h.scrape();
      const own = ownSeries(during);
      expect(own.size).toBeGreaterThan(0);
      expect(own.size).toBeLessThanOrEqual(CAP);
      expect([...own].every((id) => ids.includes(id))).toBe(true);
      expect(during).toMatch(/^hookline_subscription_concurrency_limit\{subscription_id="_other"\} \d+/m);

      await inParallel(ids, 32, async (id) => {
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
