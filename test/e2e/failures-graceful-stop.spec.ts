import { PipelineHarness } from '../support/harness.js';
import { HttpsReceiver } from '../support/https-receiver.js';
import { envelope, eventually } from '../support/pipeline-fixtures.js';
import { sleep } from '../support/failure-scenarios.js';

const EVENTS = 3;
const RESPONSE_DELAY_MS = 1500;

/**
 * A graceful stop while attempts wait for their endpoint's answer: the stop lets them finish —
 * answer, attempt on record, retry task in its tier, offset committed — before the producer and
 * the database go. Nothing is sent twice, neither during the stop nor by the next instance.
 */
describe('failure handling: graceful stop with attempts in flight', () => {
  const receiver = new HttpsReceiver();
  let h: PipelineHarness;

  beforeAll(async () => {
    // The first attempt of each event is answered late, with a 500; every later one at once, 200.
    receiver.responder = (req) => {
      const id = req.headers['webhook-id'];
      const first = receiver.requests.filter((r) => r.headers['webhook-id'] === id).length <= 1;
      return first ? { status: 500, delayMs: RESPONSE_DELAY_MS } : { status: 200 };
    };
    h = await PipelineHarness.start({
      receiver,
      env: { ROLES: 'ingest,delivery,retry' },
      subscriptions: [{ path: '/hook', events: ['test.*'] }],
    });
  });
  afterAll(() => h?.close());

  it('finishes the attempts in flight and delivers each event once more, by its retry only', async () => {
    const events = Array.from({ length: EVENTS }, (_, n) => envelope('test.graceful', { n }));
    await h.publish(events);
    await eventually(() => receiver.deliveries().length >= EVENTS, 20_000, 'every first attempt sent');

    // Every first attempt now waits for its answer.
    await h.stopApp();
    expect(receiver.deliveries()).toHaveLength(EVENTS);
    await h.startApp();

    const byEvent = (id: string) => receiver.deliveries().filter((r) => r.headers['webhook-id'] === id);
    await eventually(() => events.every((e) => byEvent(e.id).length >= 2), 20_000, 'every retry');
    // Long enough for a first attempt read again from the deliveries topic to show up.
    await sleep(2000);
    for (const event of events) expect(byEvent(event.id)).toHaveLength(2);
    const attempts = await h.fixtures.db.query<{ attempt: number; n: string }>(
      `SELECT attempt, count(*) AS n FROM delivery_attempts WHERE tenant_id = $1 GROUP BY attempt ORDER BY attempt`,
      [h.tenant],
    );
    expect(attempts.rows.map((r) => [r.attempt, Number(r.n)])).toEqual([
      [1, EVENTS],
      [2, EVENTS],
    ]);
  });
});
