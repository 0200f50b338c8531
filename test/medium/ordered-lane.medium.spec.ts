import { Module } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import type { ClaimedHead, HeldKey } from '../../src/modules/ordering/lane/lane-heads.js';
import { LaneLeasesRepository } from '../../src/modules/ordering/lane/lane-leases.repository.js';
import { LaneSettlementRepository } from '../../src/modules/ordering/lane/lane-settlement.repository.js';
import { MediumStack } from '../support/medium.js';
import { testConfig } from '../support/test-config.js';

@Module({ providers: [LaneLeasesRepository, LaneSettlementRepository] })
class LaneModule {}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The ordered lane's tables on real Postgres: settling numbers a key's events, a claim leases the
 * key, and an advance moves it on, keeping its next event when asked; each deployment claims only
 * its own keys.
 */
describe('ordered lane (medium)', () => {
  let stack: MediumStack;
  let leases: LaneLeasesRepository;
  let settlement: LaneSettlementRepository;
  let db: DataSource;
  let subscriptionId: string;
  const topic = `lane-${randomUUID()}`;
  let offset = 0;

  beforeAll(async () => {
    stack = await MediumStack.start();
    const module = await stack.module(LaneModule);
    [leases, settlement, db] = [
      module.get(LaneLeasesRepository),
      module.get(LaneSettlementRepository),
      module.get(DataSource),
    ];
    subscriptionId = await stack.subscription({ ordering: { key: 'event.data.account', on_exhausted: 'skip' } });
  });
  afterAll(() => stack?.close());

  /** Events of `key` written by ingest (not yet numbered), at the next offsets of partition 0. */
  async function ingest(key: string, count: number, subscription = subscriptionId, tenant = stack.tenant) {
    const ids = Array.from({ length: count }, () => `evt_${randomUUID()}`);
    for (const id of ids)
      await db.query(
        `INSERT INTO ordered_events (subscription_id, source_topic, source_partition, source_offset, tenant_id,
           ordering_key, event_id, event_type, event_created_at, data, received_at)
         VALUES ($1, $2, 0, $3, $4, $5, $6, 'order.updated', '2026-01-01T00:00:00Z', '{}', now())`,
        [subscription, topic, offset++, tenant, key, id],
      );
    return ids;
  }
  const settle = () => settlement.settle({ topic, partition: 0, below: String(offset), limit: 1_000 });
  const claimOne = async (key: string): Promise<ClaimedHead> => {
    const claimed = await leases.claim([{ subscriptionId, free: 1_000 }], 1_000, 5_000, randomUUID());
    return claimed.find((h) => h.orderingKey === key)!;
  };

  it('numbers a key’s events in offset order, each naming the one before', async () => {
    const ids = await ingest('a', 3);
    await settle();
    const head = await claimOne('a');
    expect(head).toMatchObject({ sequence: 1, attempts: 0, mayBeReplay: false, event: { id: ids[0] } });
    expect(head.event!.previousEventId).toBeNull();
    const { next } = await leases.advance(head, 5_000);
    expect(next).toMatchObject({ sequence: 2, token: head.token, event: { id: ids[1], previousEventId: ids[0] } });
    const last = await leases.advance(next!, 0);
    expect(last).toEqual({ moved: true });
    // Not kept: the key is due for any claim, with its last event.
    expect((await claimOne('a')).event).toMatchObject({ id: ids[2], previousEventId: ids[1] });
  });

  it('leaves a key due, not kept without its event, when a settle commits while the advance waits', async () => {
    const [first] = await ingest('b', 1);
    await settle();
    const head = await claimOne('b');
    expect(head.event!.id).toBe(first);
    const [second] = await ingest('b', 1);
    // A settle in progress holds the key's row; the advance waits for it and then sees the new chain end.
    const settling = db.createQueryRunner();
    await settling.connect();
    await settling.startTransaction();
    try {
      await settling.query(`SELECT 1 FROM ordered_keys WHERE subscription_id = $1 AND ordering_key = 'b' FOR UPDATE`, [
        subscriptionId,
      ]);
      const advancing = leases.advance(head, 5_000);
      await sleep(300);
      await settling.query(
        `UPDATE ordered_events SET sequence = 2, previous_event_id = $2
          WHERE subscription_id = $1 AND ordering_key = 'b' AND sequence IS NULL`,
        [subscriptionId, first],
      );
      await settling.query(
        `UPDATE ordered_keys SET last_sequence = 2, last_event_id = $2 WHERE subscription_id = $1 AND ordering_key = 'b'`,
        [subscriptionId, second],
      );
      await settling.commitTransaction();
      const { moved, next } = await advancing;
      expect(moved).toBe(true);
      // Either kept with its event, or left due for a claim that reads it: never a head without its event.
      if (next) expect(next.event?.id).toBe(second);
      else expect((await claimOne('b')).event?.id).toBe(second);
    } finally {
      await settling.release();
    }
  });

  it('claims only its own deployment’s keys', async () => {
    await ingest('c', 1);
    await settle();
    // Another deployment (its own topic prefix) on the same database.
    const elsewhere = new LaneLeasesRepository(db, testConfig());
    expect(await elsewhere.scheduledSubscriptions()).not.toContain(subscriptionId);
    expect(await elsewhere.claim([{ subscriptionId, free: 10 }], 10, 5_000, randomUUID())).toEqual([]);
    expect(await leases.scheduledSubscriptions()).toContain(subscriptionId);
    const held: HeldKey = await claimOne('c');
    expect(held.orderingKey).toBe('c');
  });

  it('takes tenants in turn, and no tenant past its cap, whatever their keys’ age', async () => {
    const ordering = { key: 'event.data.account', on_exhausted: 'skip' as const };
    const other = `tenant-${randomUUID()}`;
    const [busy, quiet] = [
      await stack.subscription({ ordering }),
      await stack.subscription({ ordering, tenantId: other }),
    ];
    for (const key of ['old-1', 'old-2', 'old-3', 'old-4']) await ingest(key, 1, busy);
    await settle();
    await sleep(50);
    for (const key of ['new-1', 'new-2']) await ingest(key, 1, quiet, other);
    await settle();
    const quotas = [
      { subscriptionId: busy, free: 100 },
      { subscriptionId: quiet, free: 100 },
    ];
    const keysOf = (heads: ClaimedHead[]) => heads.map((h) => h.orderingKey).sort();

    // The busy tenant holds 6 of a cap of 7: the quiet tenant's newer keys go first, then one of its.
    const shares = { held: new Map([[stack.tenant, 6]]), cap: 7 };
    expect(keysOf(await leases.claim(quotas, 10, 5_000, randomUUID(), shares))).toEqual(['new-1', 'new-2', 'old-1']);
    // Without holdings, in turn: the oldest of what is left.
    expect(keysOf(await leases.claim(quotas, 1, 5_000, randomUUID()))).toEqual(['old-2']);
  });
});
