import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { AppConfig } from '../../src/platform/config/app-config.js';
import { dataSourceOptions, runMigrations } from '../../src/platform/database/data-source.js';
import { PartitionMaintenance } from '../../src/platform/database/partition-maintenance.service.js';
import { AttemptLog } from '../../src/modules/delivery/attempt-log/attempt-log.js';
import { AttemptWriter } from '../../src/modules/delivery/dispatch/attempt-writer.js';
import { EventStore } from '../../src/modules/events/event-store.js';
import { attemptRow } from '../support/delivery-tasks.js';
import { TEST_DATABASE_URL, uniqueId } from '../support/test-config.js';

const DAY = 86_400_000;
const utcMidnight = (t: number) => Math.floor(t / DAY) * DAY;

/**
 * The attempt log and the event store accept a row of any date, on a database migrated just now,
 * and maintenance run with the clock at 00:05 UTC moves early rows into their own day's partition.
 */
describe('day partitions on a freshly migrated database', () => {
  const name = uniqueId('hookline_partitions_');
  const url = new URL(TEST_DATABASE_URL);
  const admin = new pg.Client({ connectionString: Object.assign(new URL(url), { pathname: '/postgres' }).toString() });
  url.pathname = `/${name}`;
  const config = AppConfig.fromEnv({ DATABASE_URL: url.toString(), ATTEMPT_FLUSH_MS: '1' });
  const db = new DataSource(dataSourceOptions(config));
  const tenantId = uniqueId('tenant-');

  beforeAll(async () => {
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    await runMigrations(config);
    await db.initialize();
  });
  afterAll(async () => {
    await db.destroy();
    await dropDatabase();
    await admin.end();
  });

  /**
   * An autovacuum worker may be visiting the fresh database; it runs as the superuser, whose
   * sessions FORCE may not end for this role (42501), and it leaves within moments.
   */
  const dropDatabase = async () => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } catch (error) {
        if ((error as { code?: string }).code !== '42501' || attempt === 20) throw error;
        await new Promise((r) => setTimeout(r, 500));
      }
    }
  };

  const writeAttempt = (at: Date) => {
    const row = attemptRow({ createdAt: at, tenantId });
    return new AttemptWriter(new AttemptLog(db), config).write(row).then(() => row.id);
  };
  const saveEvent = (at: Date) => {
    const id = `evt_${randomUUID()}`;
    const payload = { id, type: 'order.created', created_at: at.toISOString(), data: {} };
    return new EventStore(db)
      .save({
        tenantId,
        id,
        type: 'order.created',
        createdAt: at.toISOString(),
        receivedAt: at,
        payload: JSON.stringify(payload),
        sourceTopic: 'events',
        sourcePartition: 0,
        sourceOffset: '1',
        subscriptionIds: [],
      })
      .then(() => id);
  };
  const homeOf = async (table: string, column: string, id: string) => {
    const rows: { home: string }[] = await db.query(
      `SELECT tableoid::regclass::text AS home FROM ${table} WHERE ${column} = $1`,
      [id],
    );
    return rows.map((r) => r.home);
  };

  it('accepts attempts and events dated two days back and a month ahead', async () => {
    for (const at of [new Date(Date.now() - 2 * DAY), new Date(Date.now() + 31 * DAY)]) {
      const attempt = await writeAttempt(at);
      const event = await saveEvent(at);
      expect(await homeOf('delivery_attempts', 'id', attempt)).toHaveLength(1);
      expect(await homeOf('events', 'id', event)).toHaveLength(1);
    }
  });

  it('with the clock at 00:05 UTC, rows from 90 minutes earlier land in the default partition and then in their own day', async () => {
    // A day beyond every partition the migration made, so its rows start in the default partition.
    const fiveAfterMidnight = new Date(utcMidnight(Date.now()) + 20 * DAY + 5 * 60_000);
    const seededAt = new Date(fiveAfterMidnight.getTime() - 90 * 60_000);
    const day = seededAt.toISOString().slice(0, 10).replaceAll('-', '');
    const attempt = await writeAttempt(seededAt);
    const event = await saveEvent(seededAt);
    expect(await homeOf('delivery_attempts', 'id', attempt)).toEqual(['delivery_attempts_default']);
    expect(await homeOf('events', 'id', event)).toEqual(['events_default']);

    await new PartitionMaintenance(db, config).run(fiveAfterMidnight);

    expect(await homeOf('delivery_attempts', 'id', attempt)).toEqual([`delivery_attempts_p${day}`]);
    expect(await homeOf('events', 'id', event)).toEqual([`events_p${day}`]);
    // And inserts dated that night keep working once the partitions exist.
    expect(await homeOf('delivery_attempts', 'id', await writeAttempt(seededAt))).toEqual([
      `delivery_attempts_p${day}`,
    ]);
  });
});
