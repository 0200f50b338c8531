import { byId, expectData, MERGE_PATCH } from '../support/api-client.js';
import { PipelineHarness } from '../support/harness.js';
import { envelope, eventually } from '../support/pipeline-fixtures.js';

/**
 * Registration is read-your-writes, across instances: subscriptions are created and changed through
 * instance A (api only) and events are ingested by instance B (ingest, delivery). An event published
 * after the API answered is matched against that change, never against an older table.
 */
describe('pipeline: an event is matched against every change committed before it was published', () => {
  let h: PipelineHarness;

  beforeAll(async () => {
    // Instance A is the harness's app (api only); instance B, of the same deployment, ingests and delivers.
    h = await PipelineHarness.start({ env: { ROLES: 'api', INGEST_DATA_VALIDATION: 'off' } });
    await h.startInstance({ ROLES: 'ingest,delivery,retry' });
  });
  afterAll(() => h?.close());

  const publish = (events: object[]) => h.publish(events);
  const deliveredTo = (path: string) => new Set(h.receiver.deliveries(path).map((r) => r.headers['webhook-id']));
  const create = async (path: string, events: string[]) =>
    expectData(await h.api.POST('/webhooks', { body: { url: h.receiver.url(path), events } }), 201).id;

  it('delivers all of 1,000 events published the moment POST /v1/webhooks answers 201, three runs in a row', async () => {
    for (let run = 0; run < 3; run++) {
      const path = `/burst-${run}`;
      await create(path, ['order.*']);
      const events = Array.from({ length: 1000 }, (_, i) => envelope('order.created', { n: i }));
      await publish(events);
      await eventually(() => deliveredTo(path).size === 1000, 60_000, `run ${run}: 1,000 delivered`);
    }
  }, 200_000);

  it('loses nothing in 20 rounds of create-then-publish', async () => {
    for (let round = 0; round < 20; round++) {
      const path = `/round-${round}`;
      await create(path, ['payment.succeeded']);
      const events = Array.from({ length: 10 }, (_, i) => envelope('payment.succeeded', { round, i }));
      await publish(events);
      await eventually(() => deliveredTo(path).size === 10, 20_000, `round ${round}: 10 delivered`);
    }
  }, 200_000);

  it('stops delivering a type the moment a PATCH removing it answers, and starts one it adds', async () => {
    const path = '/patched';
    const id = await create(path, ['order.created', 'order.updated']);
    const patched = await h.api.PATCH('/webhooks/{id}', {
      ...byId(id),
      body: { events: ['order.updated', 'payment.failed'] },
      headers: MERGE_PATCH,
    });
    expectData(patched, 200);
    const removed = Array.from({ length: 100 }, () => envelope('order.created'));
    const added = Array.from({ length: 100 }, () => envelope('payment.failed'));
    const kept = Array.from({ length: 100 }, () => envelope('order.updated'));
    await publish([...removed, ...added, ...kept]);
    await eventually(() => deliveredTo(path).size >= 200, 30_000, 'added and kept types delivered');
    await new Promise((r) => setTimeout(r, 1000));
    const seen = deliveredTo(path);
    expect(removed.filter((e) => seen.has(e.id))).toEqual([]);
    expect(added.every((e) => seen.has(e.id)) && kept.every((e) => seen.has(e.id))).toBe(true);
  }, 60_000);

  it('stops delivering the moment a DELETE answers', async () => {
    const path = '/deleted';
    const id = await create(path, ['payment.failed']);
    expect((await h.api.DELETE('/webhooks/{id}', byId(id))).response.status).toBe(204);
    const marker = await create('/marker', ['payment.failed']);
    const events = Array.from({ length: 100 }, () => envelope('payment.failed'));
    await publish(events);
    await eventually(() => deliveredTo('/marker').size === 100, 30_000, 'marker subscription got them');
    expect(deliveredTo(path).size).toBe(0);
    expect(marker).toBeDefined();
  }, 60_000);

  it('matches such events without waiting: the API answered once the ingest instance had applied the change', async () => {
    const scrape = () => h.scrape();
    const sample = (metrics: string, name: string) =>
      Number(new RegExp(`^${name} (\\d+)$`, 'm').exec(metrics)?.[1] ?? 0);
    const waits = (m: string) => sample(m, 'hookline_ingest_freshness_waits_total');
    const acknowledged = (m: string) =>
      sample(m, 'hookline_subscription_change_acknowledgement_seconds_count\\{outcome="applied"\\}');
    await eventually(async () => sample(await scrape(), 'hookline_matching_lease_held') === 1, 20_000, 'lease held');
    const before = await scrape();
    const path = '/leased';
    await create(path, ['order.*']);
    await publish(Array.from({ length: 1000 }, (_, i) => envelope('order.created', { n: i })));
    await eventually(() => deliveredTo(path).size === 1000, 60_000, '1,000 delivered');
    const after = await scrape();
    expect(acknowledged(after)).toBe(acknowledged(before) + 1);
    // Without the lease nearly every one of them waits for a probe of the changelog's end.
    expect(waits(after) - waits(before)).toBeLessThan(50);
  }, 90_000);
});
