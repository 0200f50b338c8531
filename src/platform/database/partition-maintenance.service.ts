import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppConfig } from '../config/app-config.js';
import {
  expiredPartitions,
  partitionStatements,
  PARTITIONED_TABLES,
  type PartitionedTable,
} from './partition-maintenance.js';

const HOUR_MS = 3_600_000;
const DAYS_AHEAD = 7;

/**
 * Keeps a week of daily partitions ahead of the clock (a row whose partition is missing would fail
 * its insert) and drops partitions past retention. Idempotent, so every instance may run it.
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
    for (const sql of partitionStatements(now, -1, DAYS_AHEAD)) {
      // Two instances creating the same partition at once: the loser's error is harmless.
      await this.db.query(sql).catch((e: Error) => this.log.debug?.(`partition exists: ${e.message}`));
    }
    for (const table of PARTITIONED_TABLES) {
      const rows: { name: string }[] = await this.db.query(
        `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
          JOIN pg_class p ON p.oid = i.inhparent WHERE p.relname = $1`,
        [table],
      );
      const expired = expiredPartitions(
        table,
        rows.map((r) => r.name),
        now,
        this.retentionDays(table),
      );
      for (const name of expired) {
        await this.db.query(`DROP TABLE IF EXISTS ${name}`);
        this.log.log(`dropped ${name} (past retention)`);
      }
    }
  }

  private retentionDays(table: PartitionedTable): number {
    return table === 'events' ? this.config.env.EVENT_RETENTION_DAYS : this.config.env.ATTEMPT_RETENTION_DAYS;
  }
}
