import { PipelineHarness } from '../support/harness.js';
import { envelope, eventually } from '../support/pipeline-fixtures.js';

const SHUTDOWN_TIMEOUT_MS = 2_000;
/** Far past the timeout: a stop that waits for this request takes as long. */
const HELD_MS = 20_000;
/** The timeout, plus the few seconds the stop takes to record the cut attempt, commit and close. */
const STOP_BOUND_MS = 8_000;

/** The event's attempts on record, oldest first. */
async function attemptsOf(h: PipelineHarness, eventId: string) {
  const { rows } = await h.fixtures.db.query<{ outcome: string; error: string | null }>(
    `SELECT outcome, error FROM delivery_attempts WHERE tenant_id = $1 AND event_id = $2 ORDER BY created_at`,
    [h.tenant, eventId],
  );
  return rows;
}

/**
 * SIGTERM while an endpoint holds a request far past SHUTDOWN_TIMEOUT_MS: the built service cuts
 * the request at the timeout, records the cut attempt, and exits 0 soon after. The event's record
 * is not finished, so the restarted service delivers the event again (at least once).
 * Needs dist/ (npm run build).
 */
describe('failure handling: a stop cuts the requests still open at SHUTDOWN_TIMEOUT_MS', () => {
  let h: PipelineHarness;

  afterAll(() => h?.close());

  it('exits within the timeout, records the cut attempt, and delivers the event again after a restart', async () => {
    h = await PipelineHarness.start({ app: false, subscriptions: [{ path: '/hook', events: ['test.*'] }] });
    const { receiver } = h;
    const event = envelope('test.held', {});
    const requests = () => receiver.deliveries().filter((r) => r.headers['webhook-id'] === event.id);
    // The event's first request is held; a later one is answered at once.
    receiver.responder = () => (requests().length <= 1 ? { status: 200, delayMs: HELD_MS } : { status: 200 });
    const service = await h.process({ SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS) });
    service.start();
    await service.waitReady();

    await h.publish([event]);
    await eventually(() => requests().length === 1, 30_000, 'the request open at the endpoint');
    const stopAt = Date.now();
    expect(await service.stop()).toBe(0);
    expect(Date.now() - stopAt).toBeLessThan(STOP_BOUND_MS);

    service.start();
    await service.waitReady();
    await eventually(() => requests().some((r) => r.answeredStatus === 200), 30_000, 'the event delivered again');
    const attempts = () => attemptsOf(h, event.id);
    await eventually(async () => (await attempts()).length >= 2, 10_000, 'both attempts on record');
    expect(await attempts()).toEqual([
      { outcome: 'timeout', error: expect.stringContaining('cut by the shutdown') },
      { outcome: 'success', error: null },
    ]);
    expect(requests()).toHaveLength(2);
  }, 120_000);
});

/**
 * The same stop while an ordered key's head is open at its endpoint, ingest long drained: the
 * ordered lane waits within the stop's one deadline, so the request is cut at SHUTDOWN_TIMEOUT_MS
 * and its attempt recorded, as the pipeline's are. Before, the lane waited a timeout of its own and
 * the egress teardown then cut the request with the database already closing: no attempt on record.
 */
describe('failure handling: a stop cuts an ordered head still open at SHUTDOWN_TIMEOUT_MS', () => {
  let h: PipelineHarness;

  afterAll(() => h?.close());

  it('exits within the timeout, records the cut attempt, and the key delivers it again after a restart', async () => {
    h = await PipelineHarness.start({
      app: false,
      subscriptions: [
        { path: '/ordered', events: ['order.*'], ordering: { key: 'event.data.account', on_exhausted: 'skip' } },
      ],
    });
    const { receiver } = h;
    const event = envelope('order.created', { account: 'held' });
    const requests = () => receiver.deliveries().filter((r) => r.headers['webhook-id'] === event.id);
    receiver.responder = () => (requests().length <= 1 ? { status: 200, delayMs: HELD_MS } : { status: 200 });
    const service = await h.process({ SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS), ORDERED_LEASE_MS: '3000' });
    service.start();
    await service.waitReady();

    await h.publish([event]);
    await eventually(() => requests().length === 1, 30_000, 'the ordered request open at the endpoint');
    const stopAt = Date.now();
    expect(await service.stop()).toBe(0);
    expect(Date.now() - stopAt).toBeLessThan(STOP_BOUND_MS);
    const attempts = () => attemptsOf(h, event.id);
    expect(await attempts()).toEqual([{ outcome: 'timeout', error: expect.stringContaining('cut by the shutdown') }]);

    service.start();
    await service.waitReady();
    await eventually(() => requests().some((r) => r.answeredStatus === 200), 30_000, 'the event delivered again');
    await eventually(async () => (await attempts()).length >= 2, 10_000, 'both attempts on record');
    expect((await attempts())[1]).toEqual({ outcome: 'success', error: null });
  }, 120_000);
});
