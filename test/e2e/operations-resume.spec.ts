import type { INestApplication } from '@nestjs/common';
import type { ServiceProcess } from '../../src/devtools/service-process.js';
import { byId } from '../support/api-client.js';
import { PipelineHarness } from '../support/harness.js';
import { expectMonotonic, expectStarted, follow } from '../support/operation-polling.js';
import { operationsEnv, seedManyEvents } from '../support/operations-seed.js';

const EVENTS = 30_000;
const BATCH = 200;

/**
 * A runner killed with SIGKILL in the middle of a recovery stops renewing its lease; once the lease
 * (2 s here) has expired, the next runner of the deployment claims the operation and goes on from
 * the last checkpoint: progress never goes back, and at most the one batch in flight at the kill
 * is produced twice. Needs dist/ (the runner that dies is the built service).
 */
describe('operations: a runner killed mid-operation', () => {
  let h: PipelineHarness;
  let runner: INestApplication | undefined;
  let child: ServiceProcess;
  let sub: string;

  beforeAll(async () => {
    h = await PipelineHarness.start({
      // Short, so the dead holder's lease runs out soon; renewed every third of it, so a runner whose
      // event loop a loaded machine stalls for a second or two still keeps it (at 2 s, a fresh-clone
      // run saw a live runner lose its lease and claim the operation a third time).
      env: operationsEnv('api', { OPERATIONS_LEASE_MS: '4000', OPERATIONS_BATCH_SIZE: String(BATCH) }),
      subscriptions: [{ url: 'https://127.0.0.1:9/x', events: ['order.*'] }],
      beforeApp: seedManyEvents(EVENTS, 20),
    });
    [sub] = h.subscriptionIds;
  });
  afterAll(() => h?.close());

  const recover = async () => {
    const since = new Date(Date.now() - 30 * 60_000).toISOString();
    return expectStarted(
      await h.api.POST('/webhooks/{id}/recoveries', { ...byId(sub), body: { since, status: 'all' } }),
    );
  };
  const row = async (id: string) =>
    (
      await h.fixtures.db.query(
        `SELECT status, progress, checkpoint, lease_owner, lease_expires_at, runs FROM operations WHERE id = $1`,
        [id],
      )
    ).rows[0];

  it('is resumed by the next runner from its checkpoint once the dead holder’s lease expires', async () => {
    const id = await recover();

    child = await h.process({ ROLES: 'operations' });
    child.start();
    await child.waitReady();
    const before = await follow(
      h.api,
      id,
      (op) => op.progress >= 20 || !['PENDING', 'IN_PROGRESS'].includes(op.status),
      45_000,
      10,
    );
    expect(before.final.status).toBe('IN_PROGRESS');
    await child.kill9();

    const atKill = await row(id);
    expect(atKill.status).toBe('IN_PROGRESS');
    expect(atKill.lease_owner).toEqual(expect.any(String));
    expect(atKill.checkpoint.processed).toBeGreaterThan(0);
    expect(atKill.checkpoint.processed).toBeLessThan(EVENTS);

    runner = await h.startInstance({ ROLES: 'operations' });
    const { final, samples } = await follow(h.api, id, ['COMPLETED', 'FAILED', 'CANCELLED'], 45_000, 20);
    expectMonotonic([...before.samples, ...samples]);
    expect(Math.min(...samples.map((s) => s.progress))).toBeGreaterThanOrEqual(atKill.progress);
    expect(final).toMatchObject({
      status: 'COMPLETED',
      progress: 100,
      result: { matched: EVENTS, redelivered: EVENTS },
    });

    const after = await row(id);
    expect(after.runs).toBe(2);
    expect(after.lease_owner).toBeNull();
    expect(after.lease_owner).not.toBe(atKill.lease_owner);
    // Resumed, not restarted: at most the batch in flight at the kill went out twice.
    const produced = await h.produced();
    expect(produced).toBeGreaterThanOrEqual(EVENTS);
    expect(produced).toBeLessThanOrEqual(EVENTS + BATCH);
    console.log(
      `killed at ${atKill.checkpoint.processed}/${EVENTS} (${atKill.progress} %); ${produced - EVENTS} task(s) produced twice`,
    );
  });

  it('a runner shut down gracefully gives the operation back at once; the next one finishes it without repeats', async () => {
    await h.stopInstance(runner); // the runner of the first case: only `leaving` may hold this one
    const before = await h.produced();
    const id = await recover();
    const leaving = await h.startInstance({ ROLES: 'operations' });
    await follow(h.api, id, (op) => op.progress >= 20 || !['PENDING', 'IN_PROGRESS'].includes(op.status), 45_000, 10);
    await h.stopInstance(leaving);

    const handedBack = await row(id);
    expect(handedBack).toMatchObject({ status: 'IN_PROGRESS', lease_owner: null, lease_expires_at: null });
    expect(handedBack.checkpoint.processed).toBeLessThan(EVENTS);
    runner = await h.startInstance({ ROLES: 'operations' });
    const { final } = await follow(h.api, id, ['COMPLETED', 'FAILED', 'CANCELLED'], 45_000, 20);
    expect(final).toMatchObject({ status: 'COMPLETED', result: { matched: EVENTS, redelivered: EVENTS } });
    // The shutdown stopped at a checkpoint: nothing was produced twice.
    expect((await h.produced()) - before).toBe(EVENTS);
  });
});
