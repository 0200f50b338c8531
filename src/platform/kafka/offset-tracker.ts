import type { OffsetMap } from './offset-map.js';

/**
 * What a partition's owner knows of a record before it begins it, from the previous owner's last
 * commit: finished (skip it), possibly begun (its effects may have happened: the handler looks at
 * what is on record first), or fresh (nobody began it).
 */
export type RecordHistory = 'finished' | 'unknown' | 'fresh';

/** What the previous owner's last commit left to this one. */
export interface Inheritance {
  /** The committed offset, where reading starts; undefined when the group never committed. */
  position?: number;
  /** Finished records above it (half-open ranges), skipped. */
  finished: readonly [number, number][];
  /** Records below this offset that are not finished may have been begun. */
  unknownBelow: number;
}

/** A partition nobody read before: everything is fresh. */
export const NOTHING_INHERITED: Inheritance = { finished: [], unknownBelow: 0 };

/** What the next commit of a partition says: its offset and the map above it. */
export interface CommitState {
  map: OffsetMap;
  version: number;
}

/**
 * Tracks the records of one partition handed out for concurrent processing, and what a commit of
 * it says: the offset just past the contiguous prefix of finished records, and the map above it
 * (offset-map.ts). A commit therefore never covers a record still in flight, and the next owner
 * skips exactly what was finished (docs/design/replay.md).
 *
 * A commit also declares how far this owner may read before its next commit (`end`); no record at
 * or past the declared end is begun until a commit declaring more is acknowledged, so after a
 * crash the records that may have been begun are known exactly.
 */
export class OffsetTracker {
  /** Begun records, in offset order, until the prefix before them is finished. */
  private readonly window: number[] = [];
  private readonly done = new Set<number>();
  /** Begun records whose own writes are durable (markWritten), until they are finished. */
  private readonly written = new Set<number>();
  /** The next offset to read: every offset below it was read, skipped, or does not exist. */
  private nextExpected: number;
  /** The inherited finished ranges not read yet. */
  private readonly inheritedFinished: [number, number][];
  private readonly unknownBelow: number;
  /** Bumped by every change a commit would carry. */
  private version = 0;
  private committedVersion = -1;
  private committedEnd: number;

  /** `readAhead`: records a commit lets this owner begin beyond those it has begun. */
  constructor(
    private readonly readAhead: number,
    inherited: Inheritance = NOTHING_INHERITED,
  ) {
    this.nextExpected = inherited.position ?? -1;
    this.inheritedFinished = inherited.finished.map(([from, to]) => [from, to]);
    this.unknownBelow = inherited.unknownBelow;
    // What the previous owner may have begun stays declared: a crash of this owner must not hide it.
    this.committedEnd = inherited.unknownBelow;
  }

  /** What is known of a record before it is begun; 'seen' when it was read already (a re-fetch). */
  history(offset: number): RecordHistory | 'seen' {
    if (offset < this.nextExpected) return 'seen';
    for (const [from, to] of this.inheritedFinished) {
      if (offset < from) break;
      if (offset < to) return 'finished';
    }
    return offset < this.unknownBelow ? 'unknown' : 'fresh';
  }

  /** Whether a commit has declared the record may be begun. */
  declared(offset: number): boolean {
    return offset < this.committedEnd;
  }

  /** Registers a record handed out for processing (history() said it was not seen). */
  begin(offset: number): void {
    this.window.push(offset);
    this.nextExpected = offset + 1;
    const inherited = this.inheritedFinished;
    while (inherited.length > 0 && inherited[0][1] <= this.nextExpected) inherited.shift();
    this.version++;
  }

  /** Registers a record the previous owner finished: nothing to do, it counts as finished. */
  skip(offset: number): void {
    this.begin(offset);
    this.complete(offset);
  }

  complete(offset: number): void {
    this.done.add(offset);
    while (this.window.length > 0 && this.done.delete(this.window[0])) this.written.delete(this.window.shift()!);
    this.version++;
  }

  /**
   * The handler of a begun record says its own writes are durable: what remains of it are hand-offs
   * (deliveries under way). It stays unfinished, and a commit still does not cover it.
   */
  markWritten(offset: number): void {
    const begun = offset < this.nextExpected && offset >= (this.window[0] ?? this.nextExpected);
    if (begun && !this.done.has(offset)) this.written.add(offset);
  }

  /**
   * The offset below which every record is finished or written: the first begun record that is
   * neither, else the next one to read. Never below the commit's position; -1 before anything is
   * known of the partition.
   */
  writtenBelow(): number {
    for (const offset of this.window) if (!this.done.has(offset) && !this.written.has(offset)) return offset;
    return this.nextExpected;
  }

  /**
   * What the next commit says, or null when nothing changed since the last one. `reading`: an
   * offset about to be begun, which the commit must declare.
   */
  toCommit(reading = -1): CommitState | null {
    // A partition nobody committed before: its first record's offset, until one is begun.
    const base = this.position() >= 0 ? this.position() : reading;
    if (base < 0) return null;
    const frontier = Math.max(this.nextExpected, reading + 1, base);
    const end = Math.max(this.committedEnd, frontier + this.readAhead);
    if (this.version === this.committedVersion && end === this.committedEnd) return null;
    return { map: { base, end, finished: this.finishedAbove(base, end) }, version: this.version };
  }

  markCommitted({ map, version }: CommitState): void {
    this.committedVersion = Math.max(this.committedVersion, version);
    this.committedEnd = Math.max(this.committedEnd, map.end);
  }

  get inFlight(): number {
    return this.window.length - this.done.size;
  }

  /** The offset to commit: the first record begun and not finished (the window's head), else the next one to read. */
  private position(): number {
    return this.window[0] ?? this.nextExpected;
  }

  /**
   * Every offset from base up to what was read is finished unless begun and not done (offsets that
   * do not exist, as in a compacted topic, count as finished); above what was read, the inherited
   * finished ranges not read yet stay finished.
   */
  private finishedAbove(base: number, end: number): [number, number][] {
    const ranges: [number, number][] = [];
    const add = (from: number, to: number) => {
      const [lo, hi] = [Math.max(from, base), Math.min(to, end)];
      if (lo >= hi) return;
      const last = ranges[ranges.length - 1];
      if (last && last[1] >= lo) last[1] = Math.max(last[1], hi);
      else ranges.push([lo, hi]);
    };
    let at = base;
    for (const offset of this.window)
      if (!this.done.has(offset)) {
        add(at, offset);
        at = offset + 1;
      }
    add(at, this.nextExpected);
    for (const [from, to] of this.inheritedFinished) add(Math.max(from, this.nextExpected), to);
    return ranges;
  }
}
