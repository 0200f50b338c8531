import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { Admin } from 'kafkajs';
import { AppConfig } from '../../../platform/config/app-config.js';
import { KafkaService } from '../../../platform/kafka/kafka.service.js';
import { WrittenWatermarks } from '../../../platform/kafka/written-watermarks.js';
import { FailureLog } from '../../../platform/logging/failure-log.js';
import { counter } from '../../../platform/telemetry/metrics.js';
import { Handlers } from '../../../topology.js';
import { LaneSettlementRepository } from '../lane/lane-settlement.repository.js';
import { LaneDispatcher } from './lane-dispatcher.js';

const settledEntries = counter(
  'hookline_ordered_settled_total',
  'Events of ordered subscriptions given their key sequence, once no earlier record of their ingest partition could still come',
);

/** The wait after a failed settle, doubling while it fails (a new admin connection each time). */
const SETTLE_RETRY_FIRST_MS = 500;
const SETTLE_RETRY_MAX_MS = 10_000;
/** Entries numbered per statement; a partition with more goes on at once. */
const SETTLE_BATCH = 2_000;

/**
 * Puts the lane's new entries in order. Ingest works on a partition's records concurrently, so an
 * entry may be written before an earlier record's; it is numbered only once every record below it
 * has written its entries: the ingest group's committed offset is past it, or the written watermark
 * of the instance reading the partition (WrittenWatermarks) is. Then each partition's entries are numbered in offset order, each key's sequence after
 * its last. Every instance with the lane may do it; one at a time per partition.
 */
@Injectable()
export class LaneSettler implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly log = new Logger('OrderedLane');
  private admin?: Promise<Admin>;
  private timer?: NodeJS.Timeout;
  private stopping = false;
  /** Per `${topic}/${partition}`: the committed offset everything below which is numbered already. */
  private readonly settledBelow = new Map<string, string>();
  private readonly sources: { topic: string; group: string }[];
  /** The broker or Postgres away: logged once per cause, tried less often while it lasts. */
  private readonly failures: FailureLog;

  constructor(
    private readonly config: AppConfig,
    private readonly kafka: KafkaService,
    private readonly settlement: LaneSettlementRepository,
    private readonly dispatcher: LaneDispatcher,
    private readonly written: WrittenWatermarks,
  ) {
    this.failures = new FailureLog(this.log, {
      failing: 'settling ordered events failed',
      recovered: 'settling ordered events works again',
      firstDelayMs: Math.max(config.ordered.pollMs, SETTLE_RETRY_FIRST_MS),
      maxDelayMs: Math.max(config.ordered.pollMs, SETTLE_RETRY_MAX_MS),
    });
    this.sources = kafka.topology.topics
      .filter((t) => t.consumer.handler === Handlers.ingest)
      .map((t) => ({ topic: t.topic, group: t.consumer.group }));
  }

  onApplicationBootstrap(): void {
    this.schedule();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopping = true;
    clearTimeout(this.timer);
    await this.admin?.then((a) => a.disconnect()).catch(() => undefined);
  }

  private schedule(delayMs = this.config.ordered.pollMs): void {
    if (this.stopping) return;
    this.timer = setTimeout(() => void this.tick(), delayMs);
  }

  private async tick(): Promise<void> {
    let delay: number | undefined;
    try {
      let woken = 0;
      for (const { topic, partition, below } of await this.watermarks())
        woken += await this.settle(topic, partition, below);
      if (woken > 0) this.dispatcher.wake();
      this.failures.succeeded();
    } catch (error) {
      // Keys already in order go on; new ones wait until settling works again.
      delay = this.failures.failed(error);
      const admin = this.admin;
      this.admin = undefined;
      void admin?.then((a) => a.disconnect()).catch(() => undefined);
    } finally {
      this.schedule(delay);
    }
  }

  /** Numbers the partition's entries below `below`; how many idle keys that woke. */
  private async settle(topic: string, partition: number, below: string): Promise<number> {
    const id = `${topic}/${partition}`;
    if (this.settledBelow.get(id) === below) return 0;
    let woken = 0;
    for (;;) {
      const settled = await this.settlement.settle({ topic, partition, below, limit: SETTLE_BATCH });
      // Another instance is at it: it will be done, or this one tries again next tick.
      if (settled === null) return woken;
      settledEntries.inc(settled.entries);
      woken += settled.woken;
      if (settled.entries < SETTLE_BATCH) break;
      if (settled.woken > 0) this.dispatcher.wake();
    }
    this.settledBelow.set(id, below);
    return woken;
  }

  /**
   * Per partition of the ingest topics: the offset below which every record has finished ingest or
   * written its entries. That is the group's committed offset, or, for the partitions this
   * instance reads, its own written watermark, which runs ahead of the commit while a record's
   * deliveries are under way (direct dispatch holds the commit for up to a request timeout).
   */
  private async watermarks(): Promise<{ topic: string; partition: number; below: string }[]> {
    const admin = await (this.admin ??= this.connect());
    const all = await Promise.all(
      this.sources.map(async ({ topic, group }) => {
        const [committed] = await admin.fetchOffsets({ groupId: group, topics: [topic] });
        const below = this.written.of(topic);
        for (const { partition, offset } of committed?.partitions ?? [])
          below.set(partition, Math.max(Number(offset), below.get(partition) ?? 0));
        return [...below]
          .filter(([, offset]) => offset > 0)
          .map(([partition, offset]) => ({ topic, partition, below: String(offset) }));
      }),
    );
    return all.flat();
  }

  private async connect(): Promise<Admin> {
    const admin = this.kafka.kafka.admin();
    await admin.connect();
    return admin;
  }
}
