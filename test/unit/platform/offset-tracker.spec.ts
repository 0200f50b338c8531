import fc from 'fast-check';
import { decodeOffsetMap, encodeOffsetMap } from '../../../src/platform/kafka/offset-map.js';
import { OffsetTracker, type CommitState } from '../../../src/platform/kafka/offset-tracker.js';
import { inheritanceOf } from '../../../src/platform/kafka/partition-commits.js';

/** What the broker keeps of a commit, and what the next owner reads back. */
const roundTrip = (state: CommitState) => ({
  offset: state.map.base,
  metadata: encodeOffsetMap(state.map, 4096),
});

/** Commits what the tracker says, as PartitionCommits does; the state committed. */
function commit(t: OffsetTracker, reading?: number): CommitState | null {
  const state = t.toCommit(reading);
  if (state) t.markCommitted(state);
  return state;
}

describe('OffsetTracker', () => {
  it('commits only past the contiguous prefix of finished records, mapping those finished above it', () => {
    const t = new OffsetTracker(100);
    commit(t, 10);
    [10, 11, 12, 13].forEach((o) => t.begin(o));
    t.complete(12);
    t.complete(13);
    expect(t.toCommit()?.map).toEqual({ base: 10, end: 114, finished: [[12, 14]] });
    t.complete(10);
    expect(t.toCommit()?.map).toMatchObject({ base: 11, finished: [[12, 14]] });
    t.complete(11);
    expect(t.toCommit()?.map).toMatchObject({ base: 14, finished: [] });
    expect(t.inFlight).toBe(0);
  });

  it('reports nothing new once its state was committed', () => {
    const t = new OffsetTracker(100);
    commit(t, 0);
    t.begin(0);
    t.complete(0);
    expect(commit(t)).not.toBeNull();
    expect(t.toCommit()).toBeNull();
    t.begin(1);
    expect(t.toCommit()).not.toBeNull();
  });

  it('knows a record it already read, as after a re-fetch', () => {
    const t = new OffsetTracker(100);
    commit(t, 5);
    t.begin(5);
    t.begin(6);
    expect(t.history(5)).toBe('seen');
    expect(t.history(7)).toBe('fresh');
    expect(t.inFlight).toBe(2);
  });

  it('begins no record a commit has not declared', () => {
    const t = new OffsetTracker(3);
    expect(t.declared(0)).toBe(false);
    commit(t, 0);
    expect([0, 1, 2, 3].map((o) => t.declared(o))).toEqual([true, true, true, true]);
    expect(t.declared(4)).toBe(false);
    // Offsets that do not exist (a compacted topic) count as finished, and a far record is declared when read.
    t.begin(0);
    t.complete(0);
    expect(commit(t, 50)?.map).toEqual({ base: 1, end: 54, finished: [] });
    t.begin(50);
    expect(t.toCommit()?.map).toEqual({ base: 50, end: 54, finished: [] });
  });

  it('tells the next owner what was finished, what may have been begun, and what is fresh', () => {
    const first = new OffsetTracker(4);
    commit(first, 100);
    [100, 101, 102, 103].forEach((o) => first.begin(o));
    first.complete(101);
    first.complete(103);
    const last = commit(first)!;
    const next = new OffsetTracker(4, inheritanceOf(roundTrip(last), 1_000));
    expect([100, 101, 102, 103, 104, 107, 108].map((o) => next.history(o))).toEqual([
      'unknown',
      'finished',
      'unknown',
      'finished',
      'unknown',
      'unknown',
      'fresh',
    ]);
  });

  it('looks up every record to the partition end when the offset carries no map of its own', () => {
    const reset = new OffsetTracker(4, inheritanceOf({ offset: 40, metadata: '' }, 42));
    expect([40, 41, 42].map((o) => reset.history(o))).toEqual(['unknown', 'unknown', 'fresh']);
    const never = new OffsetTracker(4, inheritanceOf({ offset: -1, metadata: null }, 3));
    expect([0, 2, 3].map((o) => never.history(o))).toEqual(['unknown', 'unknown', 'fresh']);
    // Its own commits keep what may have been begun declared, in case it crashes in turn.
    expect(reset.declared(41)).toBe(true);
    expect(reset.toCommit(40)?.map.end).toBeGreaterThanOrEqual(42);
  });

  it('keeps finished records of the previous owner in its own maps until it reads them', () => {
    const first = new OffsetTracker(10);
    commit(first, 0);
    [0, 1, 2, 3].forEach((o) => first.begin(o));
    first.complete(2);
    first.complete(3);
    const next = new OffsetTracker(10, inheritanceOf(roundTrip(commit(first)!), 100));
    next.begin(0);
    next.complete(0);
    expect(next.toCommit()?.map).toMatchObject({ base: 1, finished: [[2, 4]] });
  });

  /**
   * The exactness property: whatever the old owner did and whenever it committed, a record it
   * finished by its last commit is skipped, and a record it began (even after that commit) is never
   * taken as fresh. Only never-begun records are fresh.
   */
  it('never lets the next owner skip an unfinished record, nor take a begun one as fresh', () => {
    const steps = fc.array(
      fc.oneof(
        fc.record({ kind: fc.constant('begin' as const), gap: fc.nat(3) }),
        fc.record({ kind: fc.constant('complete' as const), pick: fc.nat() }),
        fc.record({ kind: fc.constant('commit' as const) }),
      ),
      { maxLength: 200 },
    );
    fc.assert(
      fc.property(fc.nat(10_000), fc.integer({ min: 1, max: 20 }), steps, (start, readAhead, script) => {
        const old = new OffsetTracker(readAhead, inheritanceOf(undefined, start));
        const begun: number[] = [];
        const open = new Set<number>();
        let lastCommit: { state: CommitState; finished: Set<number> } | undefined;
        const finished = new Set<number>();
        let next = start;
        const commitNow = (reading?: number) => {
          const state = old.toCommit(reading);
          if (!state) return;
          old.markCommitted(state);
          lastCommit = { state, finished: new Set(finished) };
        };
        for (const step of script) {
          if (step.kind === 'begin') {
            const offset = next + step.gap;
            if (!old.declared(offset)) commitNow(offset);
            old.begin(offset);
            begun.push(offset);
            open.add(offset);
            next = offset + 1;
          } else if (step.kind === 'complete' && open.size > 0) {
            const offset = [...open][step.pick % open.size];
            old.complete(offset);
            open.delete(offset);
            finished.add(offset);
          } else if (step.kind === 'commit') commitNow();
        }
        // The crash: the next owner reads the last commit.
        const committed = lastCommit ? roundTrip(lastCommit.state) : undefined;
        const heir = new OffsetTracker(readAhead, inheritanceOf(committed, next + 5));
        for (const offset of begun) {
          const history = heir.history(offset);
          expect(history).not.toBe('fresh');
          // Skipped (as finished, or below the committed offset): finished by the last commit.
          if (history === 'finished' || history === 'seen') expect(lastCommit!.finished.has(offset)).toBe(true);
        }
        if (lastCommit) {
          for (const offset of lastCommit.finished) expect(['finished', 'seen']).toContain(heir.history(offset));
          expect(decodeOffsetMap(committed!.metadata)?.base).toBe(committed!.offset);
        }
      }),
      { numRuns: 500 },
    );
  });
  it('lets its written watermark run past a record whose writes are done while its commit waits for it', () => {
    const t = new OffsetTracker(100);
    commit(t, 10);
    [10, 11, 12].forEach((o) => t.begin(o));
    expect(t.writtenBelow()).toBe(10);
    t.markWritten(10);
    t.complete(11);
    // 10 is still under way (its deliveries): the commit stays at it, the written watermark does not.
    expect(t.toCommit()?.map.base).toBe(10);
    expect(t.writtenBelow()).toBe(12);
    t.markWritten(12);
    expect(t.writtenBelow()).toBe(13);
    t.complete(10);
    t.complete(12);
    expect(t.writtenBelow()).toBe(13);
    // A mark for a record finished already, or never begun, changes nothing.
    t.markWritten(10);
    t.markWritten(20);
    t.begin(13);
    expect(t.writtenBelow()).toBe(13);
  });

  /** Every record below the watermark is finished or written; the commit's position is never past it. */
  it('never puts its written watermark past a record that is neither finished nor written', () => {
    const steps = fc.array(
      fc.record({ kind: fc.constantFrom('begin', 'write', 'complete'), gap: fc.nat(2), pick: fc.nat() }),
      { maxLength: 150 },
    );
    fc.assert(
      fc.property(fc.nat(1_000), steps, (start, script) => {
        const t = new OffsetTracker(1_000_000, inheritanceOf(undefined, start));
        const open = new Set<number>();
        const written = new Set<number>();
        let next = start;
        for (const { kind, gap, pick } of script) {
          if (kind === 'begin') {
            const offset = next + gap;
            t.toCommit(offset);
            t.begin(offset);
            open.add(offset);
            next = offset + 1;
            continue;
          }
          if (open.size === 0) continue;
          const offset = [...open][pick % open.size];
          if (kind === 'write') {
            t.markWritten(offset);
            written.add(offset);
          } else {
            t.complete(offset);
            open.delete(offset);
          }
          const below = t.writtenBelow();
          for (const o of open) if (o < below) expect(written.has(o)).toBe(true);
          const unwritten = [...open].filter((o) => !written.has(o));
          expect(below).toBe(unwritten.length > 0 ? Math.min(...unwritten) : next);
          expect(below).toBeGreaterThanOrEqual(t.toCommit()?.map.base ?? below);
        }
      }),
      { numRuns: 300 },
    );
  });
});
