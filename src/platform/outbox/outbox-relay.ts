import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppConfig } from '../config/app-config.js';
import { counter } from '../telemetry/metrics.js';
import { Outbox, type StagedRecord } from './outbox.js';

const BATCH = 200;
/** Rows younger than this are left to the request that wrote them (its publish right after commit). */
const GRACE_MS = 2000;

const relayed = counter('hookline_outbox_published_total', 'Outbox records published, by path', ['path']);

/**
 * Publishes outbox rows the fast path left behind: every OUTBOX_RELAY_INTERVAL_MS it locks the
 * oldest rows of this deployment's topics (FOR UPDATE SKIP LOCKED, so several instances share the
 * work without sending a row twice), sends them in commit order and deletes them in the same
 * transaction. A crash after the send and before the commit sends them again: consumers compare
 * versions (subscriptions) and revisions (event types), so a repeat or a late older record is ignored.
 */
@Injectable()
export class OutboxRelay implements OnApplicationBootstrap, OnModuleDestroy {
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private closed = false;
  private readonly log = new Logger('OutboxRelay');

  constructor(
    private readonly db: DataSource,
    private readonly outbox: Outbox,
    private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    // At start too: whatever a killed predecessor committed goes out at once.
    this.tick();
    this.timer = setInterval(() => this.tick(), this.config.outbox.relayIntervalMs);
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    await this.running;
  }

  private tick(): void {
    if (this.running || this.closed) return;
    this.running = this.drain(GRACE_MS)
      .then(() => undefined)
      .catch((error: unknown) => this.log.warn(`outbox relay: ${String(error)}`))
      .finally(() => (this.running = undefined));
  }

  /** Publishes batches until none is left older than `graceMs`; returns how many went out. */
  async drain(graceMs = 0): Promise<number> {
    let total = 0;
    for (;;) {
      const sent = await this.relayBatch(graceMs);
      total += sent;
      if (sent < BATCH || this.closed) return total;
    }
  }

  private relayBatch(graceMs: number): Promise<number> {
    return this.db.transaction(async (m) => {
      const rows: { id: string; topic: string; message_key: string; payload: string; tenant_id: string | null }[] =
        await m.query(
          `SELECT id, topic, message_key, payload, tenant_id FROM changelog_outbox
            WHERE starts_with(topic, $1) AND created_at < now() - make_interval(secs => $2::float8 / 1000)
            ORDER BY id LIMIT $3 FOR UPDATE SKIP LOCKED`,
          [`${this.config.kafka.topicPrefix}.`, graceMs, BATCH],
        );
      if (rows.length === 0) return 0;
      const records: StagedRecord[] = rows.map((r) => ({
        id: String(r.id),
        topic: r.topic,
        key: r.message_key,
        value: r.payload,
        tenantId: r.tenant_id,
      }));
      await this.outbox.send(records, m);
      relayed.inc({ path: 'relay' }, records.length);
      this.log.log(`relayed ${records.length} changelog record(s) left behind`);
      return records.length;
    });
  }
}
