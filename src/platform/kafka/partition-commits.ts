import type { Logger } from '@nestjs/common';
import type { Admin, Consumer } from 'kafkajs';
import { decodeOffsetMap, encodeOffsetMap } from './offset-map.js';
import { OffsetTracker, type CommitState, type Inheritance } from './offset-tracker.js';

/**
 * Kafka's default offset.metadata.max.bytes: the longest commit metadata a broker keeps. A map
 * longer than this keeps its lowest finished ranges only (encodeOffsetMap); a broker set lower
 * refuses it, and the commit is then made with an empty map (OFFSET_METADATA_TOO_LARGE below).
 */
const OFFSET_METADATA_MAX_CHARS = 4096;
/** Between tries of a commit that a new record's declaration waits for (a rebalance, a broker away). */
const DECLARE_RETRY_MS = 200;

interface Committed {
  offset: number;
  metadata: string | null;
}

/**
 * The commits of one consumer's partitions: a tracker per partition, built from what the previous
 * owner's last commit left (its offset and offset map, fetched at assignment), and commits that
 * carry each partition's offset and map. Commits go out one at a time: on a timer, when intake
 * needs a further declaration, and at the stop.
 */
export class PartitionCommits {
  private readonly trackers = new Map<number, OffsetTracker>();
  private queue: Promise<void> = Promise.resolve();
  /** Partitions with an early declaration under way (declareAhead). */
  private readonly declaring = new Set<number>();
  private metadataMaxChars = OFFSET_METADATA_MAX_CHARS;
  /** The partitions' ends read just after the latest assignment (see endsAtAssignment). */
  private assignmentEnds?: Promise<Map<number, number> | undefined>;

  constructor(
    private readonly consumer: Consumer,
    private readonly admin: Admin,
    private readonly options: { topic: string; groupId: string; readAhead: number; logger: Logger },
  ) {}

  /** A new assignment: partitions no longer owned are forgotten (their records go to their new owner). */
  assigned(owned: ReadonlySet<number>): void {
    for (const partition of this.trackers.keys()) if (!owned.has(partition)) this.trackers.delete(partition);
    this.assignmentEnds = this.endsAtAssignment();
  }

  /** Whether the tracker is still its partition's (the partition did not move to another member). */
  owns(partition: number, tracker: OffsetTracker): boolean {
    return this.trackers.get(partition) === tracker;
  }

  /** Records read and not yet finished, per partition. */
  occupancy(): [partition: number, records: number][] {
    return [...this.trackers].map(([partition, tracker]) => [partition, tracker.inFlight]);
  }

  /** Per partition: the offset below which every record is finished or written (OffsetTracker.writtenBelow). */
  writtenBelow(): [partition: number, below: number][] {
    return [...this.trackers].map(([partition, tracker]) => [partition, tracker.writtenBelow()]);
  }

  /** The partition's tracker, when it has one already (no await on the steady path). */
  trackerOf(partition: number): OffsetTracker | undefined {
    return this.trackers.get(partition);
  }

  /**
   * The partition's tracker; on its first batch after an assignment, built from the group's last
   * commit, read then (the previous owner commits no more once the partition is this member's).
   * `end`: the partition's end at this first fetch (no record appended later was read before).
   */
  async tracker(partition: number, end: number): Promise<OffsetTracker> {
    const existing = this.trackers.get(partition);
    if (existing) return existing;
    // A record appended after this member got the partition was begun by no one before it: a quiet
    // topic's first record (a recovery's task, say) is then not taken for a possible replay.
    const atAssignment = (await this.assignmentEnds)?.get(partition);
    if (atAssignment !== undefined) end = Math.min(end, atAssignment);
    const committed = (await this.fetchCommitted()).get(partition);
    const tracker = new OffsetTracker(this.options.readAhead, inheritanceOf(committed, end));
    return this.trackers.get(partition) ?? (this.trackers.set(partition, tracker), tracker);
  }

  /**
   * Resolves once a commit declares that `offset` may be begun; false when the partition moved to
   * another member or the consumer stops meanwhile. Callers ask only when `tracker.declared` says
   * no, so the steady stream pays no await for it.
   */
  async declare(partition: number, tracker: OffsetTracker, offset: number, running: () => boolean): Promise<boolean> {
    while (!tracker.declared(offset)) {
      if (!running() || !this.owns(partition, tracker)) return false;
      await this.commit(new Map([[partition, offset]]));
      if (!tracker.declared(offset)) await new Promise((r) => setTimeout(r, DECLARE_RETRY_MS));
    }
    return true;
  }

  /**
   * Declares further records early, without waiting, once intake has used half of what the last
   * commit declared: intake then seldom waits for a declaration.
   */
  declareAhead(partition: number, tracker: OffsetTracker, offset: number): void {
    if (this.declaring.has(partition) || tracker.declared(offset + this.options.readAhead / 2)) return;
    this.declaring.add(partition);
    void this.commit(new Map([[partition, offset]])).finally(() => this.declaring.delete(partition));
  }

  /** Commits every partition whose state changed (one commit at a time). `reading`: offsets about to be begun. */
  commit(reading = new Map<number, number>()): Promise<void> {
    this.queue = this.queue.then(() => this.commitNow(reading));
    return this.queue;
  }

  private async commitNow(reading: Map<number, number>): Promise<void> {
    const pending: { partition: number; tracker: OffsetTracker; state: CommitState }[] = [];
    for (const [partition, tracker] of this.trackers) {
      const state = tracker.toCommit(reading.get(partition));
      if (state) pending.push({ partition, tracker, state });
    }
    if (pending.length === 0) return;
    const { topic, logger } = this.options;
    try {
      await this.consumer.commitOffsets(
        pending.map(({ partition, state }) => ({
          topic,
          partition,
          offset: String(state.map.base),
          metadata: encodeOffsetMap(state.map, this.metadataMaxChars),
        })),
      );
      for (const { tracker, state } of pending) tracker.markCommitted(state);
    } catch (error) {
      if ((error as { type?: string }).type === 'OFFSET_METADATA_TOO_LARGE' && this.metadataMaxChars > 64) {
        // A broker with a lower limit: smaller maps from now on (the rest is looked up, not skipped).
        this.metadataMaxChars = Math.floor(this.metadataMaxChars / 2);
        logger.warn(`offset maps on ${topic} refused as too large: now at most ${this.metadataMaxChars} characters`);
        return;
      }
      // A rebalance moved the partition: its records will be read again (at-least-once), never lost.
      logger.warn(`commit on ${topic} deferred: ${(error as Error).message}`);
    }
  }

  /**
   * The topic's partition ends right after an assignment. A previous owner lost its partitions
   * before this member was given them, so it began no record at or past these ends. Undefined when
   * unreadable: the first fetch's ends are used then (more records looked up, none skipped wrongly).
   */
  private async endsAtAssignment(): Promise<Map<number, number> | undefined> {
    try {
      const ends = await this.admin.fetchTopicOffsets(this.options.topic);
      return new Map(ends.map((p) => [p.partition, Number(p.high)]));
    } catch (error) {
      this.options.logger.warn(`ends of ${this.options.topic} at assignment unreadable: ${String(error)}`);
      return undefined;
    }
  }

  /** The group's committed offsets and metadata, tried a few times; on failure, no knowledge (everything is looked up). */
  private async fetchCommitted(): Promise<Map<number, Committed>> {
    const { topic, groupId, logger } = this.options;
    for (let attempt = 1; ; attempt++) {
      try {
        const [offsets] = await this.admin.fetchOffsets({ groupId, topics: [topic] });
        return new Map(
          offsets.partitions.map((p) => [p.partition, { offset: Number(p.offset), metadata: p.metadata }]),
        );
      } catch (error) {
        if (attempt >= 5) {
          logger.warn(
            `committed offsets of ${groupId} on ${topic} unreadable, previous work looked up: ${String(error)}`,
          );
          return new Map();
        }
        await new Promise((r) => setTimeout(r, 200 * attempt));
      }
    }
  }
}

/**
 * What the previous owner left: its map when the committed offset carries one of Hookline's.
 * Otherwise every record up to `end` may have been begun (the partition's end when this member was
 * given it, or at its first fetch if lower): the
 * offset carries no map (a reset by an operator, an older version's commit, a map the broker
 * refused), or there is no offset (the group's offsets expired or were deleted, or an older version
 * crashed before its first commit). This version begins no record before a commit declares it.
 */
export function inheritanceOf(committed: Committed | undefined, end: number): Inheritance {
  if (!committed || committed.offset < 0) return { finished: [], unknownBelow: end };
  const map = decodeOffsetMap(committed.metadata);
  if (!map || map.base !== committed.offset) return { position: committed.offset, finished: [], unknownBelow: end };
  return { position: map.base, finished: map.finished, unknownBelow: map.end };
}
