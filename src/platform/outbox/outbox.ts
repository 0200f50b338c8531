import { Injectable, Logger } from '@nestjs/common';
import type { RecordMetadata } from 'kafkajs';
import { DataSource, type EntityManager } from 'typeorm';
import { AppConfig } from '../config/app-config.js';
import { KafkaService } from '../kafka/kafka.service.js';
import { counter } from '../telemetry/metrics.js';

/** One changelog record waiting in `changelog_outbox` until the broker acknowledged it. */
export interface OutboxRecord {
  topic: string;
  key: string;
  value: string;
  /** Null for deployment-wide records (the event-type catalog). */
  tenantId: string | null;
}

export interface StagedRecord extends OutboxRecord {
  id: string;
}

const published = counter('hookline_outbox_published_total', 'Outbox records published, by path', ['path']);

/**
 * The transactional outbox for changelog records: `stage` writes the record in the caller's
 * transaction, so it commits exactly when the change does; `publishCommitted` sends it right after
 * the commit (the fast path that read-your-writes relies on) and deletes the row once acknowledged.
 * Whatever the fast path does not finish (broker away, process killed between commit and publish)
 * stays in the table for OutboxRelay.
 */
@Injectable()
export class Outbox {
  private readonly log = new Logger('Outbox');

  constructor(
    private readonly db: DataSource,
    private readonly kafka: KafkaService,
    private readonly config: AppConfig,
  ) {}

  async stage(manager: EntityManager, record: OutboxRecord): Promise<StagedRecord> {
    const rows: { id: string }[] = await manager.query(
      `INSERT INTO changelog_outbox (topic, message_key, payload, tenant_id) VALUES ($1, $2, $3, $4) RETURNING id`,
      [record.topic, record.key, record.value, record.tenantId],
    );
    return { ...record, id: String(rows[0].id) };
  }

  /**
   * Publishes committed records and removes their rows; resolves to where the broker placed them,
   * or undefined when it did not. Never throws: the change is committed, so a broker that does not
   * answer now only delays the record until the relay sends it.
   */
  async publishCommitted(records: readonly StagedRecord[]): Promise<RecordMetadata[] | undefined> {
    if (records.length === 0) return [];
    // Test hook: die like kill -9 between the commit and the publish.
    if (this.config.outbox.testKillAfterCommit) process.kill(process.pid, 'SIGKILL');
    try {
      const placed = await this.send(records);
      published.inc({ path: 'after_commit' }, records.length);
      return placed;
    } catch (error) {
      this.log.warn(`changelog publish after commit failed, the relay will send it: ${String(error)}`);
      return undefined;
    }
  }

  /** Sends in row order, then deletes the rows; shared with the relay. */
  async send(records: readonly StagedRecord[], manager: EntityManager = this.db.manager): Promise<RecordMetadata[]> {
    const byTopic = new Map<string, StagedRecord[]>();
    for (const r of records) byTopic.set(r.topic, [...(byTopic.get(r.topic) ?? []), r]);
    const placed = await this.kafka.sendBatch(
      [...byTopic].map(([topic, rs]) => ({ topic, messages: rs.map((r) => ({ key: r.key, value: r.value })) })),
    );
    await manager.query(`DELETE FROM changelog_outbox WHERE id = ANY($1::bigint[])`, [records.map((r) => r.id)]);
    return placed;
  }
}
