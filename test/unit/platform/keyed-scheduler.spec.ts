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
