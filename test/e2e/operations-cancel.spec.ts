import { expectData } from '../support/api-client.js';
import { PipelineHarness } from '../support/harness.js';
import { expectMonotonic, expectStarted, follow } from '../support/operation-polling.js';
import { operationsEnv, seedManyEvents } from '../support/operations-seed.js';

const EVENTS = 100_000;

/**
 * A cancel during a 100,000-event recovery: IN_PROGRESS → CANCELLING → CANCELLED within seconds,
 * and nothing is produced after the checkpoint where it stopped. The delivery stage is not
 * running here: the test is about the operation, the tasks just accumulate on the topic.
 */
describe('operations: cancelling a large recovery', () => {
  let h: PipelineHarness;
  let sub: string;

  beforeAll(async () => {
    h = await PipelineHarness.start({
      env: operationsEnv('api,operations', { OPERATIONS_BATCH_SIZE: '500' }),
      subscriptions: [{ url: 'https://127.0.0.1:9/never-called', events: ['order.*'] }],
      beforeApp: seedManyEvents(EVENTS, 20),
    });
    [sub] = h.subscriptionIds;
  });
  afterAll(() => h?.close());

  it('stops within seconds: CANCELLING at once, CANCELLED at the next checkpoint, nothing produced after it', async () => {
    const { api } = h;
    const since = new Date(Date.now() - 30 * 60_000).toISOString();
    const id = expectStarted(
      await api.POST('/webhooks/{id}/recoveries', { params: { path: { id: sub } }, body: { since, status: 'all' } }),
    );

    const running = await follow(
      api,
      id,
      (op) => op.progress >= 5 || !['PENDING', 'IN_PROGRESS'].includes(op.status),
      45_000,
      20,
    );
    expect(running.final.status).toBe('IN_PROGRESS');
    expect(running.final.estimated_completion).toEqual(expect.any(String));

    const requestedAt = Date.now();
    const cancel = expectData(await api.DELETE('/operations/{id}', { params: { path: { id } } }), 202);
    expect(cancel.status).toBe('CANCELLING');
    // A second request while it winds down is harmless.
    const again = await api.POST('/operations/{id}/cancellation', { params: { path: { id } } });
    expect(again.data?.status).toMatch(/^CANCELL(ING|ED)$/);

    const { final, samples } = await follow(api, id, ['CANCELLED', 'COMPLETED', 'FAILED'], 10_000, 20);
    const stoppedAfterMs = Date.now() - requestedAt;
    expect(final.status).toBe('CANCELLED');
    expect(stoppedAfterMs).toBeLessThan(5_000);
    expectMonotonic([...running.samples, ...samples]);
    expect(final.progress).toBeLessThan(100);
    expect(final.result_url).toBeNull();
    expect(final.finished_at).toEqual(expect.any(String));
    // Once the DELETE answered CANCELLING, only CANCELLING then CANCELLED can be seen.
    expect(samples.every((s) => s.status === 'CANCELLING' || s.status === 'CANCELLED')).toBe(true);

    // What went out is exactly what the last checkpoint recorded, and nothing follows.
    const { rows } = await h.fixtures.db.query(`SELECT checkpoint FROM operations WHERE id = $1`, [id]);
    const checkpoint = rows[0].checkpoint as { processed: number; redelivered: number; total: number };
    expect(checkpoint.total).toBe(EVENTS);
    expect(checkpoint.processed).toBeLessThan(EVENTS);
    const produced = await h.produced();
    expect(produced).toBe(checkpoint.redelivered);
    await new Promise((r) => setTimeout(r, 1500));
    expect(await h.produced()).toBe(produced);
    console.log(`cancelled after ${checkpoint.processed}/${EVENTS} events, ${stoppedAfterMs} ms after the request`);
  });
});
