import { OffsetTracker } from '../../../src/platform/kafka/offset-tracker.js';

describe('OffsetTracker', () => {
  it('commits only past the contiguous prefix of finished records', () => {
    const t = new OffsetTracker();
    [10, 11, 12, 13].forEach((o) => t.begin(o));
    expect(t.committable()).toBe(10);
    t.complete(12);
    t.complete(13);
    expect(t.committable()).toBe(10); // 10 and 11 still in flight
    t.complete(10);
    expect(t.committable()).toBe(11);
    t.complete(11);
    expect(t.committable()).toBe(14);
    expect(t.inFlight).toBe(0);
  });

  it('reports nothing new once the offset was committed', () => {
    const t = new OffsetTracker();
    t.begin(0);
    t.complete(0);
    t.markCommitted(1);
    expect(t.committable()).toBeNull();
    t.begin(1);
    expect(t.committable()).toBeNull();
    t.complete(1);
    expect(t.committable()).toBe(2);
  });

  it('refuses a record it already holds, as after a re-fetch', () => {
    const t = new OffsetTracker();
    expect(t.begin(5)).toBe(true);
    expect(t.begin(6)).toBe(true);
    expect(t.begin(5)).toBe(false);
    expect(t.inFlight).toBe(2);
  });

  it('counts as possible replays the first records it sees, up to the window or the end at its start', () => {
    const byWindow = new OffsetTracker(3, 100);
    [40, 41, 42, 43, 44].forEach((o) => byWindow.begin(o));
    expect([40, 41, 42, 43, 44].map((o) => byWindow.mayBeReplay(o))).toEqual([true, true, true, false, false]);

    // Records appended after the first fetch cannot have been read by a previous owner.
    const byEnd = new OffsetTracker(100, 42);
    [40, 41, 42, 43].forEach((o) => byEnd.begin(o));
    expect([40, 41, 42, 43].map((o) => byEnd.mayBeReplay(o))).toEqual([true, true, false, false]);

    const none = new OffsetTracker();
    none.begin(0);
    expect(none.mayBeReplay(0)).toBe(false);
  });
});
