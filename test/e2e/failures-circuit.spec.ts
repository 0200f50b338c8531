import type { CircuitSnapshot } from '../../src/modules/delivery/failures/circuit-breaker.js';
import { byId } from '../support/api-client.js';
import { PipelineHarness } from '../support/harness.js';
import { HttpsReceiver } from '../support/https-receiver.js';
import { envelope, eventually } from '../support/pipeline-fixtures.js';
import { sleep } from '../support/failure-scenarios.js';
import { uniqueId } from '../support/test-config.js';

const OPEN_MS = 5000;

/**
 * The circuit breaker against a receiver that counts requests: after 3 failures in a row the
 * circuit opens and no request is made until the half-open probe OPEN_MS later; a failed probe
 * opens it again for OPEN_MS; a successful one closes it and every waiting task is delivered.
 * Ten 1-10 s tiers, so that tasks skipping through them outlive two open periods.
 */
describe('failure handling: circuit breaker', () => {
  let h: PipelineHarness;
  let sub: string;

  beforeAll(async () => {
    const receiver = new HttpsReceiver();
    // The first 4 requests fail: 3 open the circuit, the 4th is the first probe.
    receiver.responder = () => ({ status: receiver.deliveries().length <= 4 ? 500 : 200 });
    h = await PipelineHarness.start({
      receiver,
      env: {
        ROLES: 'api,ingest,delivery,retry,operations',
        RETRY_SCHEDULE: '1s,2s,3s,4s,5s,6s,7s,8s,9s,10s',
        CIRCUIT_CONSECUTIVE_FAILURES: '3',
        CIRCUIT_FAILURE_RATIO_PERCENT: '0',
        CIRCUIT_OPEN_DURATION: `${OPEN_MS}ms`,
      },
      subscriptions: [{ path: '/hook', events: ['test.*'] }],
    });
    [sub] = h.subscriptionIds;
  });
  afterAll(() => h?.close());

  const circuit = async (id = sub) => {
    const answer = await h.api.GET('/webhooks/{id}/circuit', byId(id));
    // The document gives the circuit no schema: the snapshot's own type.
    return {
      status: answer.response.status,
      body: answer.data as unknown as CircuitSnapshot & { subscription_id: string },
    };
  };

  it('makes no attempt while open, probes after the open duration, and closes on a successful probe', async () => {
    const { receiver } = h;
    const publish = (events: object[]) => h.publish(events);
    const first = [1, 2, 3].map((n) => envelope('test.circuit', { n }));
    await publish(first);
    await eventually(() => receiver.deliveries().length === 3, 15_000, '3 failed attempts');
    await eventually(async () => (await circuit()).body.state === 'open', 5000, 'circuit open');
    const opened = await circuit();
    expect(opened.body).toMatchObject({ subscription_id: sub, state: 'open', reason: '3 consecutive failures' });
    const openedAt = Date.parse(opened.body.opened_at!);

    // More work while open: it moves through the tiers without a single request.
    const later = [4, 5, 6, 7, 8].map((n) => envelope('test.circuit', { n }));
    await publish(later);
    await eventually(() => receiver.deliveries().length >= 4, 20_000, 'the first half-open probe');
    const [probe1] = receiver.deliveries().slice(3);
    expect(probe1.receivedAt).toBeGreaterThanOrEqual(openedAt + OPEN_MS - 50);
    expect(
      receiver
        .deliveries()
        .slice(0, 3)
        .every((r) => r.receivedAt < openedAt + 50),
    ).toBe(true);

    // The probe failed (500): open again, no request for another OPEN_MS.
    await eventually(() => receiver.deliveries().length >= 5, 25_000, 'the second probe');
    const [, probe2] = receiver.deliveries().slice(3);
    expect(probe2.receivedAt - probe1.receivedAt).toBeGreaterThanOrEqual(OPEN_MS - 50);

    // It succeeded: closed, and every event reaches the receiver.
    const all = [...first, ...later].map((e) => e.id);
    const delivered = () =>
      new Set(
        receiver
          .deliveries()
          .slice(4)
          .map((r) => r.headers['webhook-id']),
      );
    await eventually(() => all.every((id) => delivered().has(id)), 40_000, 'all 8 events delivered');
    await sleep(1500);
    expect(receiver.deliveries()).toHaveLength(4 + 8);
    expect((await circuit()).body).toMatchObject({ state: 'closed', consecutive_failures: 0, opened_at: null });
  });

  it("shows the endpoint's adaptive concurrency limit, grown from 4 by the requests it answered", async () => {
    // Reported every 2 s by the delivering instance; 12 answered requests each added one (up to 32).
    await eventually(async () => ((await circuit()).body.concurrency_limit ?? 0) > 4, 10_000, 'a grown limit');
    const { body } = await circuit();
    expect(body.concurrency_limit).toBeLessThanOrEqual(32);
    expect(Date.now() - Date.parse(body.concurrency_reported_at!)).toBeLessThan(60_000);
  });

  it('is tenant-scoped and answers 404 for an unknown subscription', async () => {
    expect((await circuit('00000000-0000-4000-8000-000000000000')).status).toBe(404);
    const other = await h.fixtures.insertSubscription({
      tenantId: uniqueId('other-'),
      url: h.receiver.url(),
      events: ['x.y'],
    });
    expect((await circuit(other)).status).toBe(404);
  });
});
