import type { Admin, Consumer, EachBatchPayload, Kafka } from 'kafkajs';
import { toInbound, type InboundMessage } from './inbound-message.js';
import { KeyedScheduler } from './keyed-scheduler.js';
import { withProtocolRetries } from './kafka.service.js';
import { ConsumerRestarts } from './consumer-restarts.js';
import type { OffsetTracker } from './offset-tracker.js';
import { PartitionCommits } from './partition-commits.js';
import type { PartitionedConsumerOptions } from './partitioned-consumer-options.js';
import { processRecord } from './record-processing.js';

export type { PartitionedConsumerOptions } from './partitioned-consumer-options.js';

const COMMIT_INTERVAL_MS = 250;
/**
 * Records a commit lets a partition begin beyond those read so far (its declared end), in units of
 * maxInFlight (the buffer holds four times that): intake runs a commit interval without waiting at
 * a few thousand records a second per partition, and a crash leaves at most this many records,
 * beside those in flight, for the next owner to look up rather than skip or repeat.
 */
const READ_AHEAD_PER_SLOT = 4;

/**
 * A kafkajs consumer with Hookline's commit discipline (docs/design/replay.md): records of a
 * partition are processed concurrently (bounded globally and per key), only the contiguous prefix
 * of finished records is committed, and each commit's metadata maps the finished records above it,
 * so that the partition's next owner skips exactly those. Fetching moves on while records are in
 * flight.
 */
export class PartitionedConsumer {
  private readonly consumer: Consumer;
  private readonly admin: Admin;
  private readonly scheduler: KeyedScheduler;
  private readonly commits: PartitionCommits;
  private readonly resumeTimers = new Map<number, NodeJS.Timeout>();
  private commitTimer?: NodeJS.Timeout;
  private readonly restarts: ConsumerRestarts;
  private stopping = false;
  /** Aborted by stop(): records still failing are left to the partition's next reader. */
  private readonly stopSignal = new AbortController();
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
      sessionTimeout: options.sessionTimeoutMs,
      heartbeatInterval: Math.min(3_000, Math.floor(options.sessionTimeoutMs / 3)),
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
    );
    this.restarts = new ConsumerRestarts(
      this.consumer,
      () => this.consume(),
      (error) => options.onKafkaFailure?.(error),
      `consumer of ${options.topic}`,
      options.logger,
    );
    this.admin = kafka.admin();
    const { topic, groupId, logger } = options;
    const readAhead = options.maxInFlight * READ_AHEAD_PER_SLOT;
    this.commits = new PartitionCommits(this.consumer, this.admin, { topic, groupId, readAhead, logger });
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
    return this.commits.occupancy();
  }

  /** Per assigned partition: the offset below which every record is finished or its own writes are durable. */
  get writtenWatermarks(): [partition: number, below: number][] {
    return this.commits.writtenBelow();
  }

  /**
   * Joins the group and starts consuming. A Kafka failure does not reject: it is reported
   * (onKafkaFailure) and the consumer starts again by itself (ConsumerRestarts), as it does
   * whenever Kafka stops it later (a crash kafkajs does not restart: a refused password or ACL).
   */
  async start(): Promise<void> {
    const { topic } = this.options;
    this.consumer.on(this.consumer.events.GROUP_JOIN, ({ payload }) => {
      this.joined = true;
      this.restarts.joined();
      this.options.onKafkaRecovered?.();
      this.foreignTopics = Object.keys(payload.memberAssignment).filter((t) => t !== topic);
      if (this.foreignTopics.length > 0)
        this.options.logger.error(
          `${payload.groupId} assigned this member partitions of ${this.foreignTopics.join(', ')}, which it does not consume: another deployment shares the group`,
        );
      this.commits.assigned(new Set<number>(payload.memberAssignment[topic] ?? []));
    });
    await this.restarts.start();
    this.commitTimer = setInterval(() => void this.commits.commit(), COMMIT_INTERVAL_MS);
  }

  private async consume(): Promise<void> {
    await this.admin.connect();
    await this.consumer.connect();
    // A topic created a moment ago may not be in every broker's metadata yet (retriable).
    await withProtocolRetries(() =>
      this.consumer.subscribe({ topics: [this.options.topic], fromBeginning: this.options.fromBeginning }),
    );
    await this.consumer.run({
      autoCommit: false,
      eachBatchAutoResolve: false,
      partitionsConsumedConcurrently: 8,
      eachBatch: (payload) => this.onBatch(payload),
    });
  }

  /** Stops intake, lets in-flight records finish (up to timeoutMs), commits, disconnects. */
  async stop(timeoutMs: number): Promise<void> {
    this.stopping = true;
    this.stopSignal.abort();
    this.restarts.stop();
    this.resumeTimers.forEach((t) => clearTimeout(t));
    try {
      this.consumer.pause([{ topic: this.options.topic }]);
    } catch {
      // not running yet: nothing to pause
    }
    await Promise.race([this.scheduler.idle(), new Promise((r) => setTimeout(r, timeoutMs))]);
    clearInterval(this.commitTimer);
    await this.commits.commit();
    await this.consumer.disconnect();
    await this.admin.disconnect().catch(() => undefined);
  }

  private async onBatch({ batch, resolveOffset, heartbeat, isRunning, isStale, pause }: EachBatchPayload) {
    const { partition } = batch;
    const tracker =
      this.commits.trackerOf(partition) ?? (await this.commits.tracker(partition, Number(batch.highWatermark)));
    const running = () => isRunning() && !isStale() && !this.stopping;
    for (const raw of batch.messages) {
      if (!running()) return;
      const offset = Number(raw.offset);
      const history = tracker.history(offset);
      // Read again after a re-fetch, or finished by the previous owner: nothing to do.
      if (history === 'seen' || history === 'finished') {
        if (history === 'finished') tracker.skip(offset);
        resolveOffset(raw.offset);
        continue;
      }
      const message = toInbound(batch.topic, this.options.groupId, partition, raw);
      const due = this.options.dueAt?.(message);
      if (due !== undefined && due > Date.now()) {
        this.pauseUntil(partition, due, pause);
        return;
      }
      if (!tracker.declared(offset) && !(await this.commits.declare(partition, tracker, offset, running))) return;
      this.commits.declareAhead(partition, tracker, offset);
      tracker.begin(offset);
      message.mayBeReplay = history === 'unknown';
      await this.admit(raw.key?.toString('utf8') ?? `${partition}`, message, tracker, heartbeat);
      resolveOffset(raw.offset);
    }
    await heartbeat();
  }

  /**
   * Into the buffer, or aside. The pressure owner says whether the record steps aside at once (its
   * key is plainly stalled and has enough waiting already). A record meeting a full buffer takes the
   * place of a waiting task of a key that gives way plainly, or waits for room, and when none comes
   * within roomWaitMs (nothing finishes anywhere: every key hangs, or the process stalls) of a key
   * that gives way at all. A record whose partition went to another member (a rebalance) before its
   * turn came is left to that member, which reads it again.
   */
  private async admit(key: string, message: InboundMessage, tracker: OffsetTracker, heartbeat: () => Promise<void>) {
    const { stepAside, pressure } = this.options;
    if (stepAside && pressure.admit(key, this.scheduler.waitingFor(key), Date.now()) === 'step-aside')
      return this.deferAside(message, tracker);
    while (stepAside && this.scheduler.full) {
      if (this.giveWay(true)) break;
      if (await this.waitForRoom(heartbeat, pressure.roomWaitMs)) break;
      if (!this.giveWay(false)) {
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

  /** A waiting task of a key the pressure owner says gives way (plainly, or at all) steps aside. */
  private giveWay(plainly: boolean): boolean {
    const now = Date.now();
    return this.scheduler.evictWhere((key) => this.options.pressure.givesWay(key, plainly, now));
  }

  private deferAside(message: InboundMessage, tracker: OffsetTracker): void {
    this.stepsAside++;
    void this.run({ ...message, stepAside: true }, tracker).finally(() => this.stepsAside--);
  }

  /**
   * Handles the record unless its partition went to another member meanwhile, then marks it
   * finished; a record still failing when the consumer stops stays unfinished (processRecord).
   */
  private async run(message: InboundMessage, tracker: OffsetTracker): Promise<void> {
    if (!this.commits.owns(message.partition, tracker)) return;
    const offset = Number(message.offset);
    message.markWritten = () => tracker.markWritten(offset);
    if (await processRecord(message, this.options, this.stopSignal.signal)) tracker.complete(offset);
  }

  /** Partitions waiting for room for longer than the pressure owner's blockedAfterMs: the buffer does not drain. */
  private blockedPartitions(now = Date.now()): number {
    let blocked = 0;
    for (const { since } of this.roomWaits) if (now - since > this.options.pressure.blockedAfterMs) blocked++;
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
}
