import { PipelineHarness } from '../support/harness.js';
import { envelope, eventually } from '../support/pipeline-fixtures.js';

const EVENTS = 10_000;

/**
 * At-least-once across a crash: the built service is killed with SIGKILL in the middle of a
 * 10,000-event stream and started again; every event reaches every matching subscription at least
 * once. Duplicates (expected: what was in flight and not yet committed) are counted and printed.
 * Needs dist/ (npx tsc -p tsconfig.build.json).
 */
describe('pipeline: kill -9 in the middle of a stream', () => {
  let h: PipelineHarness;

  afterAll(() => h?.close());

  it('delivers every event to every matching subscription at least once', async () => {
    // The service is the built one, as a child process: no app in this process.
    h = await PipelineHarness.start({
      app: false,
      subscriptions: [
        { path: '/orders', events: ['order.*'] },
        { path: '/everything', events: ['*'] },
        { path: '/payments', events: ['payment.*'] },
      ],
    });
    const { receiver } = h;
    const service = await h.process({ ROLES: process.env.PIPELINE_TEST_ROLES ?? 'all' });
    service.start();
    await service.waitReady();

    const ids = Array.from({ length: EVENTS }, () => envelope('order.created', {}).id);
    let published = 0;
    const publishing = (async () => {
      while (published < EVENTS) {
        const batch = ids.slice(published, published + 100);
        await h.kafka.send(
          h.config.ingestTopics[0],
          batch.map((id) => ({
            key: id,
            value: JSON.stringify({ ...envelope('order.created', { n: 1 }), id }),
            headers: { 'tenant-id': h.tenant },
          })),
        );
        published += batch.length;
        await new Promise((r) => setTimeout(r, 40));
      }
    })();

    await eventually(() => receiver.deliveries('/orders').length >= 3000, 60_000, '3000 deliveries before the crash');
    await service.kill9();
    const atCrash = { published, delivered: receiver.requests.length };
    service.start();
    await service.waitReady();
    await publishing;

    const pairs = () => new Set(receiver.requests.map((r) => `${r.path} ${r.headers['webhook-id']}`));
    await eventually(() => pairs().size === 2 * EVENTS, 180_000, 'every event at both subscriptions');
    await new Promise((r) => setTimeout(r, 2000));

    const unique = pairs();
    for (const id of ids) {
      expect(unique.has(`/orders ${id}`)).toBe(true);
      expect(unique.has(`/everything ${id}`)).toBe(true);
    }
    expect(receiver.deliveries('/payments')).toHaveLength(0);
    const duplicates = receiver.requests.length - unique.size;
    console.log(
      `kill -9 after ${atCrash.published} published / ${atCrash.delivered} delivered; ` +
        `${unique.size} (event, subscription) pairs delivered, ${receiver.requests.length} requests, ` +
        `${duplicates} duplicates (${((100 * duplicates) / unique.size).toFixed(2)} %)`,
    );
  }, 360_000);
});
