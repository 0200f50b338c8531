import { randomUUID } from 'node:crypto';
import { envelopeBody } from '../../src/modules/delivery/task-record.js';
import { PipelineHarness } from '../support/harness.js';
import { expectCompleted, expectStarted } from '../support/operation-polling.js';
import { OperationsSeed, operationsEnv, parkedTask } from '../support/operations-seed.js';

/**
 * A dead letter the broker refuses to take back (a task larger than the deliveries topic holds)
 * stays parked and is counted as skipped; it does not fail the redrive, and the records beside it
 * in the same batch are redriven and delivered.
 */
describe('operations: a redrive beside a dead letter the broker refuses', () => {
  let h: PipelineHarness;
  const small = `evt_${randomUUID()}`;
  const huge = `evt_${randomUUID()}`;
  const rows: Record<string, string> = {};

  beforeAll(async () => {
    h = await PipelineHarness.start({
      // The deliveries topic then holds 3 × 64 KiB + 256 KiB: the huge task does not fit.
      env: operationsEnv('all', { MAX_EVENT_BYTES: String(64 << 10) }),
      subscriptions: [{ path: '/s', events: ['order.*'] }],
      beforeApp: async (h) => {
        const [subscription] = h.subscriptionIds;
        const seed = new OperationsSeed(h.fixtures.db, h.tenant);
        const at = new Date(Date.now() - 60_000);
        const task = parkedTask(h.tenant, subscription, huge);
        const oversized = {
          ...task,
          body: envelopeBody(task.event as never, JSON.stringify({ big: 'x'.repeat(600_000) })),
        };
        rows.huge = await seed.deadLetter({
          subscriptionId: subscription,
          reason: 'exhausted',
          payload: oversized,
          at,
        });
        rows.small = await seed.parked(subscription, small, 'exhausted', at);
      },
    });
  });
  afterAll(() => h?.close());

  it('redrives the others, counts the refused one as skipped and leaves it parked', async () => {
    const id = expectStarted(await h.api.POST('/dead-letters/redrives', { body: {} }));
    const final = await expectCompleted(h.api, id, 'redrive');
    expect(final.result).toEqual({ matched: 2, redriven: 1, skipped: 1 });
    await h.receiver.waitFor(() => h.receiver.deliveries('/s').some((r) => r.headers['webhook-id'] === small));
    const { rows: marks } = await h.fixtures.db.query(
      `SELECT id, redriven_by FROM dead_letters WHERE id = ANY ($1::uuid[])`,
      [[rows.small, rows.huge]],
    );
    expect(Object.fromEntries(marks.map((r) => [r.id, r.redriven_by]))).toEqual({
      [rows.small]: final.id,
      [rows.huge]: null,
    });
  });
});
