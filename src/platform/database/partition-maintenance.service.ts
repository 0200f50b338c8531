import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppConfig } from '../config/app-config.js';
import {
  dayPartitionStatements,
  daysAround,
  expiredDefaultRows,
  expiredPartitions,
  partitionName,
  PARTITION_DAYS,
  PARTITIONED_TABLES,
  type PartitionedTable,
} from './partition-maintenance.js';

const HOUR_MS = 3_600_000;

/**
 * Keeps the daily partitions from yesterday to a week ahead (the same days the migration creates)
 * and drops partitions past retention. A row outside them lands in the default partition, and is
 * moved to its own day when that day's partition is created. Idempotent, so every instance may run it.
 */
@Injectable()
export class PartitionMaintenance implements OnApplicationBootstrap, OnModuleDestroy {
  private timer?: NodeJS.Timeout;
  private readonly log = new Logger('Partitions');

  constructor(
    private readonly db: DataSource,
    private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.run();
    this.timer = setInterval(() => void this.run().catch((e) => this.log.warn(`maintenance: ${String(e)}`)), HOUR_MS);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }

  async run(now = new Date()): Promise<void> {
    for (const table of PARTITIONED_TABLES) {
      const existing = await this.partitionsOf(table);
      await this.createMissing(table, existing, now);
      await this.dropExpired(table, existing, now);
    }
  }

  private async createMissing(table: PartitionedTable, existing: string[], now: Date): Promise<void> {
    const missing = daysAround(now, PARTITION_DAYS.from, PARTITION_DAYS.to).filter(
      (day) => !existing.includes(partitionName(table, day)),
    );
    for (const day of missing) {
      // Two instances creating the same partition at once: the loser's error is harmless.
      await this.db
        .transaction(async (tx) => {
          for (const sql of dayPartitionStatements(table, day)) await tx.query(sql);
        })
        .catch((e: Error) => this.log.debug?.(`partition ${partitionName(table, day)}: ${e.message}`));
    }
  }

  private async dropExpired(table: PartitionedTable, existing: string[], now: Date): Promise<void> {
    const retention = this.retentionDays(table);
    for (const name of expiredPartitions(table, existing, now, retention)) {
      await this.db.query(`DROP TABLE IF EXISTS ${name}`);
      this.log.log(`dropped ${name} (past retention)`);
    }
    await this.db.query(expiredDefaultRows(table, now, retention));
  }

  private async partitionsOf(table: PartitionedTable): Promise<string[]> {
    const rows: { name: string }[] = await this.db.query(
      `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
        JOIN pg_class p ON p.oid = i.inhparent WHERE p.relname = $1`,
      [table],
    );
    return rows.map((r) => r.name);
  }

  private retentionDays(table: PartitionedTable): number {
    return table === 'events' ? this.config.retention.eventDays : this.config.retention.attemptDays;
  }
}
