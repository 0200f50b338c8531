import { jest } from '@jest/globals';
import { KeyedScheduler, STALL_MS } from '../../../src/platform/kafka/keyed-scheduler.js';

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};

afterEach(() => jest.useRealTimers());

describe('KeyedScheduler', () => {
  it('bounds concurrency per key without holding other keys back', async () => {
    const s = new KeyedScheduler(10, 2, 100);
    const slow = deferred();
    const started: string[] = [];
    for (let i = 0; i < 5; i++)
      s.submit('slow', async () => {
        started.push(`slow${i}`);
        await slow.promise;
      });
    for (let i = 0; i < 3; i++)
      s.submit('fast', async () => {
        started.push(`fast${i}`);
      });
    await new Promise((r) => setImmediate(r));
    expect(started.filter((x) => x.startsWith('slow'))).toHaveLength(2);
    expect(started.filter((x) => x.startsWith('fast'))).toHaveLength(3);
    slow.resolve();
    await s.idle();
    expect(started).toHaveLength(8);
  });

  it('bounds global concurrency', async () => {
    const s = new KeyedScheduler(3, 10, 100);
    let running = 0;
    let peak = 0;
    for (let i = 0; i < 20; i++) {
      s.submit(`k${i}`, async () => {
        peak = Math.max(peak, ++running);
        await new Promise((r) => setTimeout(r, 2));
        running--;
      });
    }
    await s.idle();
    expect(peak).toBe(3);
  });

  it('applies back-pressure when too many tasks wait', async () => {
    const s = new KeyedScheduler(1, 1, 2);
    const gate = deferred();
    for (let i = 0; i < 3; i++) s.submit('k', () => gate.promise);
    let roomy = false;
    void s.room().then(() => (roomy = true));
    await new Promise((r) => setImmediate(r));
    expect(roomy).toBe(false);
    gate.resolve();
    await s.idle();
    expect(roomy).toBe(true);
  });
});

describe('KeyedScheduler shares', () => {
  const hang = () => new Promise<void>(() => undefined);

  it('calls a key stalled once none of its tasks finished for STALL_MS while more wait', async () => {
    const s = new KeyedScheduler(10, 1, 100);
    s.submit('slow', hang);
    s.submit('slow', hang);
    s.submit('fast', async () => undefined);
    await new Promise((r) => setImmediate(r));
    const now = Date.now();
    expect(s.stalled('slow', now)).toBe(false);
    expect(s.stalled('slow', now + STALL_MS)).toBe(true);
    expect(s.stalled('fast', now + STALL_MS)).toBe(false);
  });

  it('calls a key stalled only when the handler confirms it waits outside the process', async () => {
    const withEndpoint = new Set(['hanging']);
    const s = new KeyedScheduler(10, 1, 100, Infinity, (key) => withEndpoint.has(key));
    const evicted: string[] = [];
    for (const key of ['hanging', 'queued']) {
      s.submit(key, hang);
      s.submit(key, hang, () => evicted.push(key));
    }
    const later = Date.now() + STALL_MS;
    expect(s.stalled('hanging', later)).toBe(true);
    // No progress either, but its task waits inside the process (a database flush): not its endpoint.
    expect(s.stalled('queued', later)).toBe(false);
    expect(s.evictFromStalled(later)).toBe(true);
    expect(s.evictFromStalled(later)).toBe(false);
    expect(evicted).toEqual(['hanging']);
  });

  it("scales a key's stall threshold with its usual task time, between STALL_MS and 5 s", async () => {
    // The clock is the test's: on a busy machine a 150 ms timer fired late enough to read as ~400 ms tasks.
    jest.useFakeTimers();
    const s = new KeyedScheduler(10, 1, 100);
    const taking = (ms: number) => () => new Promise<void>((r) => setTimeout(r, ms));
    let steadyDoneAt = 0;
    const steadily = () => taking(150)().then(() => void (steadyDoneAt = Date.now()));
    s.submit('steady', steadily);
    s.submit('steady', steadily);
    s.submit('steady', hang);
    s.submit('sluggish', taking(700));
    s.submit('sluggish', hang);
    s.submit('new', hang);
    await jest.advanceTimersByTimeAsync(800);

    // A key that finished nothing yet: STALL_MS. Tasks of ~150 ms: ten times that. Of ~700 ms: capped.
    expect(s.stallAfterMs('new')).toBe(STALL_MS);
    expect(s.stallAfterMs('steady')).toBeGreaterThanOrEqual(1_450);
    expect(s.stallAfterMs('steady')).toBeLessThan(4_000);
    expect(s.stallAfterMs('sluggish')).toBe(5_000);
    // A second after its last task finished it is not stalled yet, as a 1 s rule would say (timed
    // from that finish, not from the sleep above, which a busy machine can stretch).
    const now = Date.now();
    expect(s.stalled('steady', steadyDoneAt + 1_000)).toBe(false);
    expect(s.stalled('steady', steadyDoneAt + 5_000)).toBe(true);
    expect(s.stalled('new', now + STALL_MS)).toBe(true);
  });

  it('evicts the newest waiting task of the stalled key with most waiting, making room for another key', async () => {
    const s = new KeyedScheduler(10, 1, 3);
    const evicted: string[] = [];
    s.submit('slow', hang);
    for (const n of [1, 2, 3]) s.submit('slow', hang, () => evicted.push(`slow${n}`));
    expect(s.full).toBe(true);
    expect(s.evictFromStalled(Date.now())).toBe(false);
    expect(s.evictFromStalled(Date.now() + STALL_MS)).toBe(true);
    expect(evicted).toEqual(['slow3']);
    expect(s.full).toBe(false);
    expect(s.waitingFor('slow')).toBe(2);
  });

  it('singles a stalled key out as plainly stalled only once other keys kept finishing meanwhile', async () => {
    const s = new KeyedScheduler(10, 1, 3);
    const evicted: string[] = [];
    s.submit('slow', hang);
    for (const n of [1, 2]) s.submit('slow', hang, () => evicted.push(`slow${n}`));
    const later = Date.now() + STALL_MS;
    // Nothing else moved: a pause of the whole process, not this key's endpoint.
    expect(s.plainlyStalled('slow', later)).toBe(false);
    expect(s.evictFromStalled(later, true)).toBe(false);
    let finished = 0;
    for (let i = 0; i < 100; i++) s.submit('fast', async () => void finished++);
    while (finished < 100 || s.waitingFor('fast') > 0) await new Promise((r) => setImmediate(r));
    expect(s.plainlyStalled('slow', later)).toBe(true);
    expect(s.evictFromStalled(later, true)).toBe(true);
    expect(evicted).toEqual(['slow2']);
  });

  it('gives freed slots to keys under their share before a key that holds more', async () => {
    const s = new KeyedScheduler(4, 4, 100);
    const finishers: (() => void)[] = [];
    const started: string[] = [];
    for (let i = 0; i < 8; i++)
      s.submit('slow', () => {
        started.push('slow');
        return new Promise<void>((r) => finishers.push(r));
      });
    for (let i = 0; i < 4; i++)
      s.submit('fast', () => {
        started.push('fast');
        return hang();
      });
    await new Promise((r) => setImmediate(r));
    expect(started).toEqual(['slow', 'slow', 'slow', 'slow']);
    finishers[0]();
    finishers[1]();
    await new Promise((r) => setTimeout(r, 5));
    // Two keys share four slots: slow keeps two, fast takes the two freed ones.
    expect(started.slice(4)).toEqual(['fast', 'fast']);
  });
});

describe('KeyedScheduler byte bound', () => {
  it('is full once the buffered bytes reach the bound, and has room again when a large task finishes', async () => {
    const s = new KeyedScheduler(10, 10, 100, 1000);
    let finish!: () => void;
    s.submit('a', () => new Promise<void>((r) => (finish = r)), undefined, 900);
    expect(s.full).toBe(false);
    s.submit('b', async () => new Promise<void>(() => undefined), undefined, 200);
    expect(s.full).toBe(true);
    expect(s.bufferedBytes).toBe(1100);
    finish();
    await s.room();
    expect(s.full).toBe(false);
    expect(s.bufferedBytes).toBe(200);
  });
});
