import { PipelineHarness } from '../support/harness.js';
import { HttpsReceiver } from '../support/https-receiver.js';
import { envelope } from '../support/pipeline-fixtures.js';

/**
 * No head-of-line blocking: one subscription's endpoint hangs for 30 s on every request, and the
 * other subscriptions' deliveries — on the same, single partition — still arrive at once.
 */
describe('pipeline: a hanging endpoint does not slow the others', () => {
  let h: PipelineHarness;

  beforeAll(async () => {
    const receiver = new HttpsReceiver();
    receiver.responder = (req) => (req.path === '/hang' ? { status: 200, delayMs: 30_000 } : { status: 200 });
    h = await PipelineHarness.start({
      receiver,
      env: {
        ROLES: 'api,ingest,delivery,operations',
        KAFKA_TOPIC_PARTITIONS: '1',
        DELIVERY_TIMEOUT_MS: '30000',
        SHUTDOWN_TIMEOUT_MS: '1000',
      },
      subscriptions: ['/hang', '/fast-a', '/fast-b'].map((path) => ({ path, events: ['*'] })),
    });
  });
  // The receiver first: its hanging requests would hold the app's shutdown.
  afterAll(async () => {
    await h?.receiver.stop();
    await h?.close();
  });

  it('delivers to the healthy subscriptions while the hanging one holds its own slots', async () => {
    const { receiver } = h;
    const events = Array.from({ length: 60 }, (_, i) => envelope('order.created', { n: i }));
    const sentAt = Date.now();
    // In waves, so that the hanging subscription's tasks sit between the healthy ones in the partition.
    for (let wave = 0; wave < 3; wave++) {
      await h.publish(events.slice(wave * 20, wave * 20 + 20));
      await new Promise((r) => setTimeout(r, 300));
    }
    await receiver.waitFor(
      () => receiver.deliveries('/fast-a').length === 60 && receiver.deliveries('/fast-b').length === 60,
      15_000,
    );
    const elapsed = Date.now() - sentAt;
    const hanging = receiver.deliveries('/hang').length;
    console.log(`healthy subscriptions: 120 deliveries in ${elapsed} ms; hanging endpoint holds ${hanging} requests`);
    // Far below the 30 s the hanging endpoint takes for even one answer.
    expect(elapsed).toBeLessThan(10_000);
    expect(hanging).toBeGreaterThan(0);
  });
});
