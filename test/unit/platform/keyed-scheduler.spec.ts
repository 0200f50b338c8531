import { KeyedScheduler } from '../../../src/platform/kafka/keyed-scheduler.js';

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};

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

  it('evicts the newest waiting task of the key with most waiting among those that give way', async () => {
    const s = new KeyedScheduler(10, 1, 7);
    const evicted: string[] = [];
    s.submit('slow', hang);
    for (const n of [1, 2, 3]) s.submit('slow', hang, () => evicted.push(`slow${n}`));
    s.submit('busy', hang);
    for (const n of [1, 2, 3]) s.submit('busy', hang, () => evicted.push(`busy${n}`));
    s.submit('busy', hang, () => evicted.push('busy4'));
    expect(s.full).toBe(true);
    // Which keys give way is the caller's judgement (the pressure owner's), not the scheduler's.
    expect(s.evictWhere(() => false)).toBe(false);
    expect(s.evictWhere((key) => key === 'slow')).toBe(true);
    expect(evicted).toEqual(['slow3']);
    expect(s.waitingFor('slow')).toBe(2);
    expect(s.full).toBe(false);
    // Among several that give way, the one with most waiting.
    expect(s.evictWhere(() => true)).toBe(true);
    expect(evicted).toEqual(['slow3', 'busy4']);
  });

  it('passes over a ready key whose last waiting task was evicted', async () => {
    const s = new KeyedScheduler(1, 2, 10);
    const gate = deferred();
    s.submit('a', () => gate.promise);
    const ran: string[] = [];
    s.submit(
      'b',
      async () => void ran.push('b'),
      () => ran.push('b evicted'),
    );
    expect(s.evictWhere((key) => key === 'b')).toBe(true);
    gate.resolve();
    const idle = await Promise.race([s.idle().then(() => true), new Promise((r) => setTimeout(() => r(false), 500))]);
    expect({ idle, ran, size: s.size }).toEqual({ idle: true, ran: ['b evicted'], size: 0 });
  });

  it('evicts only tasks that can step aside', async () => {
    const s = new KeyedScheduler(10, 1, 3);
    s.submit('k', hang);
    s.submit('k', hang);
    s.submit('k', hang);
    expect(s.evictWhere(() => true)).toBe(false);
    expect(s.waitingFor('k')).toBe(2);
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
