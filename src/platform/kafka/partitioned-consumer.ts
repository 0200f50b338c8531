import type { Logger } from '@nestjs/common';
import type { Consumer, EachBatchPayload, Kafka } from 'kafkajs';
import { toInbound, type InboundMessage } from './inbound-message.js';
import { KeyedScheduler, STALL_MAX_MS } from './keyed-scheduler.js';
import { withProtocolRetries } from './kafka.service.js';
import { OffsetTracker } from './offset-tracker.js';
import { processRecord } from './record-processing.js';

export interface PartitionedConsumerOptions {
  topic: string;
  groupId: string;
  fromBeginning: boolean;
  maxInFlight: number;
  maxInFlightPerKey: number;
  /** Fetch size per partition: at least the largest record the topic holds, so one never stalls a fetch. */
  maxBytesPerPartition: number;
  /** Bytes of records buffered (waiting or in flight) at most, beside the count bound. */
  maxBufferedBytes?: number;
  /** Retry tiers: the time before which a record must not be processed; records after it wait too. */
  dueAt?: (message: InboundMessage) => number;
  handle: (message: InboundMessage) => Promise<void>;
  /**
   * Records of a key whose endpoint stalls may step aside instead of waiting in the buffer: they are
   * handed to handle with `stepAside: true` (the handler defers them, e.g. to a retry tier), so a
   * hanging subscription never holds the partition for the others.
   */
  stepAside?: boolean;
  /** The handler's confirmation that a key seen stalled waits on its endpoint (StallConfirmation). */
  confirmStall?: (key: string, now: number) => boolean;
  /**
   * Called when handle kept failing: must park the record (DLQ) or throw to be tried again. None for
   * the DLQ's own consumer: a record is never parked onto the topic it was read from.
   */
  quarantine?: (message: InboundMessage, error: unknown) => Promise<void>;
  logger: Logger;
}

const COMMIT_INTERVAL_MS = 250;
/**
 * Tasks a stalled key keeps waiting in the buffer, ready for the moment its endpoint answers again;
 * its further records step aside at once. Small and fixed: the per-key bound of requests in flight
 * may be large (a fast endpoint's), and a hanging one must not hold that much of the buffer.
 */
const STALLED_KEY_WAITING = 32;
/**
 * Records a partition's previous owner may have finished without committing, in units of
 * maxInFlight: its buffer held up to four times that, and the commit every COMMIT_INTERVAL_MS
 * trails what finished by about as many again. Records past the window, and those appended after
 * the new owner's first fetch, count as read for the first time: a previous owner that fell further
 * behind on its commits may still have processed some (at-least-once, as before).
 */
const REPLAY_WINDOW_PER_SLOT = 8;
/**
 * A wait for room longer than this is a blocked partition, not back-pressure: a busy buffer frees
 * room within milliseconds, and a plainly stalled key's place is given up at once.
 */
const BLOCKED_AFTER_MS = 2_000;

/**
 * A kafkajs consumer with the commit discipline of ARCHITECTURE §2: records of a partition are
 * processed concurrently (bounded globally and per key), and only the contiguous prefix of
 * finished records is committed. Fetching moves on while records are in flight.
 */
export class PartitionedConsumer {
  private readonly consumer: Consumer;
  private readonly scheduler: KeyedScheduler;
  private readonly trackers = new Map<number, OffsetTracker>();
  private readonly resumeTimers = new Map<number, NodeJS.Timeout>();
  private commitTimer?: NodeJS.Timeout;
  private stopping = false;
  /** Joined its group at least once (readiness). */
  joined = false;
  /** Topics of partitions the group handed this member but that it does not consume (another deployment's). */
  foreignTopics: string[] = [];
  /** When each partition's fetch loop now waiting for room in the buffer began to wait. */
  private readonly roomWaits = new Set<{ since: number }>();
  /** Records stepping aside right now (being handed to a retry tier). */
  private stepsAside = 0;

  constructor(
    kafka: Kafka,
    private readonly options: PartitionedConsumerOptions,
  ) {
    this.consumer = kafka.consumer({
      groupId: options.groupId,
      sessionTimeout: 30_000,
      heartbeatInterval: 3_000,
      maxWaitTimeInMs: 200,
      // A deleted topic must not come back through a consumer's metadata request without Hookline's settings.
      allowAutoTopicCreation: false,
      maxBytesPerPartition: options.maxBytesPerPartition,
      maxBytes: options.maxBytesPerPartition * 5,
      retry: { retries: 8 },
    });
    this.scheduler = new KeyedScheduler(
      options.maxInFlight,
      options.maxInFlightPerKey,
      options.maxInFlight * 4,
      options.maxBufferedBytes,
      options.confirmStall,
    );
  }

  get topic(): string {
    return this.options.topic;
  }

  get inFlight(): number {
    return this.scheduler.size + this.stepsAside;
  }

  /** Buffer occupancy and blocked partitions, for the consumer metrics. */
  get occupancy(): {
    buffered: number;
    bufferedBytes: number;
    backPressuredPartitions: number;
    blockedPartitions: number;
  } {
    return {
      buffered: this.scheduler.size,
      bufferedBytes: this.scheduler.bufferedBytes,
      backPressuredPartitions: this.roomWaits.size,
      blockedPartitions: this.blockedPartitions(),
    };
  }

  /** Records read and not yet finished, per assigned partition (waiting, in flight, or stepping aside). */
  get partitionOccupancy(): [partition: number, records: number][] {
    return [...this.trackers].map(([partition, tracker]) => [partition, tracker.inFlight]);
  }

  async start(): Promise<void> {
    const { topic } = this.options;
    this.consumer.on(this.consumer.events.GROUP_JOIN, ({ payload }) => {
      this.joined = true;
      this.foreignTopics = Object.keys(payload.memberAssignment).filter((t) => t !== topic);
      if (this.foreignTopics.length > 0)
        this.options.logger.error(
          `${payload.groupId} assigned this member partitions of ${this.foreignTopics.join(', ')}, which it does not consume: another deployment shares the group`,
        );
      const owned = new Set<number>(payload.memberAssignment[topic] ?? []);
      for (const partition of this.trackers.keys()) if (!owned.has(partition)) this.trackers.delete(partition);
    });
    await this.consumer.connect();
    // A topic created a moment ago may not be in every broker's metadata yet (retriable).
    await withProtocolRetries(() =>
      this.consumer.subscribe({ topics: [topic], fromBeginning: this.options.fromBeginning }),
    );
    await this.consumer.run({
      autoCommit: false,
      eachBatchAutoResolve: false,
      partitionsConsumedConcurrently: 8,
      eachBatch: (payload) => this.onBatch(payload),
    });
    this.commitTimer = setInterval(() => void this.commit(), COMMIT_INTERVAL_MS);
  }

  /** Stops intake, lets in-flight records finish (up to timeoutMs), commits, disconnects. */
  async stop(timeoutMs: number): Promise<void> {
    this.stopping = true;
    this.resumeTimers.forEach((t) => clearTimeout(t));
    try {
      this.consumer.pause([{ topic: this.options.topic }]);
    } catch {
      // not running yet: nothing to pause
    }
    await Promise.race([this.scheduler.idle(), new Promise((r) => setTimeout(r, timeoutMs))]);
    clearInterval(this.commitTimer);
    await this.commit();
    await this.consumer.disconnect();
  }

  private async onBatch({ batch, resolveOffset, heartbeat, isRunning, isStale, pause }: EachBatchPayload) {
    const { partition } = batch;
    let tracker = this.trackers.get(partition);
    if (!tracker) {
      tracker = new OffsetTracker(this.options.maxInFlight * REPLAY_WINDOW_PER_SLOT, Number(batch.highWatermark));
      this.trackers.set(partition, tracker);
    }

    for (const raw of batch.messages) {
      if (!isRunning() || isStale() || this.stopping) return;
      const message = toInbound(batch.topic, this.options.groupId, partition, raw);
      const due = this.options.dueAt?.(message);
      if (due !== undefined && due > Date.now()) {
        this.pauseUntil(partition, due, pause);
        return;
      }
      const offset = Number(raw.offset);
      if (tracker.begin(offset)) {
        message.mayBeReplay = tracker.mayBeReplay(offset);
        const key = raw.key?.toString('utf8') ?? `${partition}`;
        await this.admit(key, message, tracker, heartbeat);
      }
      resolveOffset(raw.offset);
    }
    await heartbeat();
  }

  /**
   * Into the buffer, or aside: a record of a plainly stalled key (KeyedScheduler.plainlyStalled)
   * that already has STALLED_KEY_WAITING waiting steps aside at once; a record meeting a full buffer
   * takes the place of a plainly stalled key's newest waiting task, or waits for room, and when none
   * comes within STALL_MAX_MS (nothing finishes anywhere: every key hangs, or the process stalls) a
   * stalled key's newest waiting task steps aside to make it. A record whose partition went to
   * another member (a rebalance) before its turn came is left to that member, which reads it again.
   */
  private async admit(key: string, message: InboundMessage, tracker: OffsetTracker, heartbeat: () => Promise<void>) {
    const { stepAside } = this.options;
    if (stepAside && this.scheduler.plainlyStalled(key) && this.scheduler.waitingFor(key) >= STALLED_KEY_WAITING)
      return this.deferAside(message, tracker);
    while (stepAside && this.scheduler.full) {
      // A plainly stalled key would not use its place: it gives it up at once.
      if (this.scheduler.evictFromStalled(Date.now(), true)) break;
      if (await this.waitForRoom(heartbeat, STALL_MAX_MS)) break;
      if (!this.scheduler.evictFromStalled()) {
        await this.waitForRoom(heartbeat);
        break;
      }
    }
    if (!stepAside) await this.waitForRoom(heartbeat);
    this.scheduler.submit(
      key,
      () => this.run(message, tracker),
      stepAside ? () => this.deferAside(message, tracker) : undefined,
      message.value?.length ?? 0,
    );
  }

  private deferAside(message: InboundMessage, tracker: OffsetTracker): void {
    this.stepsAside++;
    void this.run({ ...message, stepAside: true }, tracker).finally(() => this.stepsAside--);
  }

  /** Handles the record unless its partition went to another member meanwhile, then marks it finished. */
  private async run(message: InboundMessage, tracker: OffsetTracker): Promise<void> {
    if (this.trackers.get(message.partition) !== tracker) return;
    await processRecord(message, this.options);
    tracker.complete(Number(message.offset));
  }

  /** Partitions waiting for room for longer than BLOCKED_AFTER_MS: the buffer does not drain. */
  private blockedPartitions(now = Date.now()): number {
    let blocked = 0;
    for (const { since } of this.roomWaits) if (now - since > BLOCKED_AFTER_MS) blocked++;
    return blocked;
  }

  /** True when there was room within timeoutMs (or at all, without one). */
  private async waitForRoom(heartbeat: () => Promise<void>, timeoutMs?: number): Promise<boolean> {
    if (!this.scheduler.full) return true;
    const wait = { since: Date.now() };
    this.roomWaits.add(wait);
    const beat = setInterval(() => void heartbeat().catch(() => undefined), 2_000);
    try {
      if (timeoutMs === undefined) return await this.scheduler.room().then(() => true);
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<boolean>((r) => (timer = setTimeout(() => r(false), timeoutMs)));
      return await Promise.race([this.scheduler.room().then(() => true), timeout]).finally(() => clearTimeout(timer));
    } finally {
      this.roomWaits.delete(wait);
      clearInterval(beat);
    }
  }

  /** Pausing (not sleeping) keeps the member in its group through a wait of hours. */
  private pauseUntil(partition: number, due: number, pause: () => () => void) {
    const resume = pause();
    clearTimeout(this.resumeTimers.get(partition));
    const delay = Math.min(due - Date.now(), 2 ** 31 - 1);
    this.resumeTimers.set(
      partition,
      setTimeout(() => {
        this.resumeTimers.delete(partition);
        if (!this.stopping) resume();
      }, delay),
    );
  }

  private async commit(): Promise<void> {
    const partitions: { partition: number; offset: string }[] = [];
    for (const [partition, tracker] of this.trackers) {
      const offset = tracker.committable();
      if (offset !== null) partitions.push({ partition, offset: String(offset) });
    }
    if (partitions.length === 0) return;
    try {
      await this.consumer.commitOffsets(partitions.map((p) => ({ topic: this.options.topic, ...p })));
      for (const p of partitions) this.trackers.get(p.partition)?.markCommitted(Number(p.offset));
    } catch (error) {
      // A rebalance moved the partition: its records will be read again (at-least-once), never lost.
      this.options.logger.warn(`commit on ${this.options.topic} deferred: ${(error as Error).message}`);
    }
  }
}
