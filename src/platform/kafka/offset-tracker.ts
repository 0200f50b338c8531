/**
 * Tracks the records of one partition that were handed out for concurrent processing, and tells
 * which offset may be committed: the one just past the contiguous prefix of finished records.
 * A commit therefore never covers a record that is still in flight (docs/concepts/delivery-semantics.md).
 */
export class OffsetTracker {
  /** In-flight and finished-but-uncommittable records, in offset order. */
  private readonly window: number[] = [];
  private readonly done = new Set<number>();
  private nextExpected = -1;
  private committed = -1;
  /** Records below this offset may have been processed by the partition's previous owner. */
  private replayBefore = -1;

  /**
   * `replayWindow`: how many records, from the first one this tracker sees, a previous owner of the
   * partition (a crashed process, a member before a rebalance) may have finished without committing;
   * `endAtStart`: the partition's end offset when this owner first fetched it, as no record appended
   * since can have been read before.
   */
  constructor(
    private readonly replayWindow = 0,
    private readonly endAtStart = 0,
  ) {}

  /** Registers a record; false when it was already registered (a re-fetch after a rebalance). */
  begin(offset: number): boolean {
    if (offset < this.nextExpected) return false;
    if (this.replayBefore < 0) this.replayBefore = Math.min(offset + this.replayWindow, this.endAtStart);
    this.window.push(offset);
    this.nextExpected = offset + 1;
    return true;
  }

  /** Whether a registered record lies in the replay window: its effects may already have happened. */
  mayBeReplay(offset: number): boolean {
    return offset < this.replayBefore;
  }

  complete(offset: number): void {
    this.done.add(offset);
    while (this.window.length > 0 && this.done.delete(this.window[0])) this.window.shift();
  }

  /** The offset to commit (next record to read) when it moved since the last commit, else null. */
  committable(): number | null {
    const next = this.window.length > 0 ? this.window[0] : this.nextExpected;
    return next > this.committed && next >= 0 ? next : null;
  }

  markCommitted(offset: number): void {
    this.committed = Math.max(this.committed, offset);
  }

  get inFlight(): number {
    return this.window.length - this.done.size;
  }
}
