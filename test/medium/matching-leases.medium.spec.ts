import { DataSource } from 'typeorm';
import { ChangelogFreshness } from '../../src/modules/matching/changelog-freshness.js';
import { MatchingLease } from '../../src/modules/matching/matching-lease.js';
import { MatchingModule } from '../../src/modules/matching/matching.module.js';
import { MatchingLeases } from '../../src/modules/subscriptions/matching-leases.js';
import { MediumStack } from '../support/medium.js';
import { eventually } from '../support/pipeline-fixtures.js';
import { uniqueId } from '../support/test-config.js';

const settled = <T>(promise: Promise<T>) => {
  const state = { done: false };
  void promise.then(() => (state.done = true));
  return state;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Writers wait for the ingest instances holding a matching lease, on real Postgres (the lease
 * rows) and Kafka (the changelog whose end a lease's renewal shows it has read).
 */
describe('matching leases (medium)', () => {
  let stack: MediumStack;
  let leases: MatchingLeases;
  let db: DataSource;

  beforeAll(async () => {
    stack = await MediumStack.start();
    const module = await stack.module(MatchingModule);
    [leases, db] = [module.get(MatchingLeases), module.get(DataSource)];
  });
  afterAll(() => stack?.close());

  const topic = () => uniqueId('changelog-');

  it('takes a lease anew only when none is held or it has lapsed', async () => {
    const [instance, changelog] = [uniqueId('instance-'), topic()];
    expect(await leases.renew(instance, changelog, new Map(), 300)).toBe(true);
    expect(await leases.renew(instance, changelog, new Map(), 300)).toBe(false);
    await sleep(400);
    expect(await leases.renew(instance, changelog, new Map(), 300)).toBe(true);
  });

  it('answers a writer once every leaseholder of its changelog has applied the change', async () => {
    const [first, second, other, changelog] = [uniqueId('a-'), uniqueId('b-'), uniqueId('c-'), topic()];
    await leases.renew(first, changelog, new Map([[0, 7]]), 10_000);
    await leases.renew(second, changelog, new Map([[0, 3]]), 10_000);
    // A lagging instance of another deployment's changelog is not waited for.
    await leases.renew(other, topic(), new Map(), 10_000);
    const writer = settled(leases.awaitApplied(changelog, new Map([[0, 5]])));
    await sleep(300);
    expect(writer.done).toBe(false);
    await leases.renew(second, changelog, new Map([[0, 5]]), 10_000);
    await eventually(() => writer.done, 2_000, 'writer answered once the second instance applied it');
  });

  it('does not wait for an instance whose lease ran out or that released it', async () => {
    const [lapsed, released, changelog] = [uniqueId('lapsed-'), uniqueId('released-'), topic()];
    await leases.renew(lapsed, changelog, new Map(), 200);
    await leases.renew(released, changelog, new Map(), 10_000);
    await leases.release(released);
    const writer = settled(leases.awaitApplied(changelog, new Map([[0, 1]])));
    await eventually(() => writer.done, 2_000, 'writer answered once the lapsed lease ran out');
  });

  it('answers after its bound when a leaseholder keeps renewing without applying the change', async () => {
    const [stuck, changelog] = [uniqueId('stuck-'), topic()];
    await leases.renew(stuck, changelog, new Map([[0, 1]]), 10_000);
    const started = Date.now();
    await leases.awaitApplied(changelog, new Map([[0, 2]]), 300);
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
  });

  describe('an ingest instance holding its lease', () => {
    let lease: MatchingLease;
    let freshness: ChangelogFreshness;
    let changelog: string;

    beforeAll(async () => {
      const module = await stack.module(MatchingModule);
      [lease, freshness] = [module.get(MatchingLease), module.get(ChangelogFreshness)];
      changelog = stack.topics.subscriptions;
      lease.hold();
    });

    const row = async () =>
      (await db.query(`SELECT positions FROM matching_leases WHERE instance_id = $1`, [lease.instanceId]))[0] as
        { positions: Record<string, number> } | undefined;

    it('matches without waiting once its table is fresh as of the lease', async () => {
      await eventually(() => lease.covers(Date.now()), 10_000, 'lease held over a fresh table');
      expect(await row()).toEqual({ positions: {} });
    });

    it('tells a waiting writer at once when it applied the change', async () => {
      const writer = settled(leases.awaitApplied(changelog, new Map([[0, 1]])));
      await sleep(300);
      expect(writer.done).toBe(false);
      freshness.applied(0, '0');
      await eventually(() => writer.done, 2_000, 'writer answered after the record was applied');
      expect(await row()).toEqual({ positions: { '0': 1 } });
    });

    it('gives its lease back when it stops', async () => {
      await lease.onModuleDestroy();
      expect(lease.covers(Date.now())).toBe(false);
      expect(await row()).toBeUndefined();
    });
  });

  it('lets the lease lapse when its table can no longer be shown fresh, and writers stop waiting for it', async () => {
    const module = await stack.module(MatchingModule);
    const [lease, freshness] = [module.get(MatchingLease), module.get(ChangelogFreshness)];
    lease.hold();
    await eventually(() => lease.covers(Date.now()), 10_000, 'lease held over a fresh table');
    // The changelog's end can no longer be read: every probe fails from now on.
    await freshness.onModuleDestroy();
    await eventually(() => !lease.covers(Date.now()), 6_000, 'events wait again');
    const writer = settled(leases.awaitApplied(stack.topics.subscriptions, new Map([[0, 1_000_000]])));
    await eventually(() => writer.done, 3_000, 'writer no longer waits for the lapsed instance');
  }, 20_000);
});
