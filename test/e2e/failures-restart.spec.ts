import { PipelineHarness } from '../support/harness.js';
import { HttpsReceiver } from '../support/https-receiver.js';
import { envelope, eventually } from '../support/pipeline-fixtures.js';
import { sleep } from '../support/failure-scenarios.js';

const EVENTS = 30;
const FIRST_TIER_MS = 8000;

/**
 * Tasks waiting in a retry tier survive a restart of the service: the tier's records are not
 * committed while they wait (the partition is paused, not the record taken), so the new instance
 * reads them again, waits for their due time again, and delivers every one — none early, none lost.
 */
describe('failure handling: restart while tasks wait in a tier', () => {
  const receiver = new HttpsReceiver();
  let h: PipelineHarness;

  beforeAll(async () => {
    // Each event's first attempt fails, every later one succeeds.
    receiver.responder = (req) => {
      const id = req.headers['webhook-id'];
      return { status: receiver.requests.filter((r) => r.headers['webhook-id'] === id).length <= 1 ? 500 : 200 };
    };
    h = await PipelineHarness.start({
      receiver,
      env: {
        ROLES: 'ingest,delivery,retry',
        RETRY_SCHEDULE: '8s,16s,24s,32s,40s,48s',
        // Not about the circuit: with concurrency starting low, 30 failures in a row would open it
        // before every first attempt went out.
        CIRCUIT_CONSECUTIVE_FAILURES: '1000',
        CIRCUIT_MIN_REQUESTS: '1000',
      },
      subscriptions: [{ path: '/hook', events: ['test.*'] }],
    });
  });
  afterAll(() => h?.close());

  it('delivers every waiting task after the restart, none before its due time', async () => {
    const ids = Array.from({ length: EVENTS }, (_, n) => envelope('test.restart', { n }));
    await h.publish(ids);
    await eventually(() => receiver.deliveries().length >= EVENTS, 20_000, 'every first attempt');

    // Every task is now in the 8 s tier. Stop the service, and start it again a little later.
    await h.stopApp();
    const stoppedAt = Date.now();
    expect(receiver.deliveries()).toHaveLength(EVENTS);
    await sleep(2000);
    await h.startApp();

    const byEvent = (id: string) => receiver.deliveries().filter((r) => r.headers['webhook-id'] === id);
    await eventually(() => ids.every((e) => byEvent(e.id).length >= 2), 40_000, 'every retry after the restart');
    await sleep(1500);

    // Due time counts from when the first attempt was sent (its record's created_at), not from when
    // the receiver saw it, which can be hundreds of ms later on a cold TLS connection.
    const sent = await h.fixtures.db.query<{ event_id: string; created_at: Date }>(
      `SELECT event_id, created_at FROM delivery_attempts WHERE tenant_id = $1 AND attempt = 1`,
      [h.tenant],
    );
    const firstSentAt = new Map(sent.rows.map((r) => [r.event_id, r.created_at.getTime()]));
    let duplicates = 0;
    for (const event of ids) {
      const [first, ...retries] = byEvent(event.id);
      expect(retries.length).toBeGreaterThanOrEqual(1);
      duplicates += retries.length - 1;
      for (const retry of retries) {
        expect(retry.receivedAt).toBeGreaterThanOrEqual(firstSentAt.get(event.id)! + FIRST_TIER_MS);
        expect(retry.receivedAt).toBeGreaterThan(stoppedAt);
        expect(retry.body).toBe(first.body);
      }
    }
    console.log(`restart: ${EVENTS} waiting tasks, all delivered after the restart, ${duplicates} duplicates`);
    expect(duplicates).toBe(0);
  });
});
