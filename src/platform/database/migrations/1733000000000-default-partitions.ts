import type { MigrationInterface, QueryRunner } from 'typeorm';
import {
  dayPartitionStatements,
  daysAround,
  defaultPartitionStatement,
  PARTITION_DAYS,
  PARTITIONED_TABLES,
} from '../partition-maintenance.js';

/**
 * A DEFAULT partition for each day-partitioned table, so that no insert ever fails because of its
 * date, then the same days around the clock that PartitionMaintenance keeps (yesterday included:
 * a database migrated just after midnight still holds the previous day's late rows in their own day).
 */
export class DefaultPartitions1733000000000 implements MigrationInterface {
  name = 'DefaultPartitions1733000000000';

  async up(q: QueryRunner): Promise<void> {
    for (const table of PARTITIONED_TABLES) await q.query(defaultPartitionStatement(table));
    for (const day of daysAround(new Date(), PARTITION_DAYS.from, PARTITION_DAYS.to)) {
      for (const table of PARTITIONED_TABLES) for (const sql of dayPartitionStatements(table, day)) await q.query(sql);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    // Detached, not dropped: rows held there stay readable in their own table.
    for (const table of PARTITIONED_TABLES) await q.query(`ALTER TABLE ${table} DETACH PARTITION ${table}_default`);
  }
}
