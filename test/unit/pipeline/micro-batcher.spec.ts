import { chunkByBytes } from '../../../src/platform/kafka/batching-producer.js';
import { MicroBatcher } from '../../../src/platform/batching/micro-batcher.js';

describe('MicroBatcher', () => {
  it('groups concurrent items, answers each caller with its own result, caps batch size', async () => {
    const batches: number[][] = [];
    const batcher = new MicroBatcher<number, number>(
      async (items) => {
        batches.push(items);
        return items.map((n) => n * 10);
      },
      { maxItems: 4, maxDelayMs: 5, maxConcurrentFlushes: 1 },
    );
    const results = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => batcher.add(n)));
    expect(results).toEqual([10, 20, 30, 40, 50, 60]);
    expect(batches).toEqual([
      [1, 2, 3, 4],
      [5, 6],
    ]);
  });

  it('fails every caller of a failed batch, and goes on with the next', async () => {
    let fail = true;
    const batcher = new MicroBatcher<number>(
      async (items) => {
        if (fail) throw new Error('database down');
        return items.map(() => undefined);
      },
      { maxItems: 10, maxDelayMs: 1, maxConcurrentFlushes: 1 },
    );
    const first = Promise.allSettled([batcher.add(1), batcher.add(2)]);
    expect((await first).map((r) => r.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    await expect(batcher.add(3)).resolves.toBeUndefined();
  });
});

describe('MicroBatcher failure isolation and byte bound', () => {
  it('splits a batch until the refused item fails alone; its batch-mates succeed in order', async () => {
    const flushed: number[][] = [];
    const batcher = new MicroBatcher<number>(
      async (items) => {
        flushed.push(items);
        if (items.includes(13)) throw new RangeError('row 13 refused');
        return items.map(() => undefined);
      },
      { maxItems: 10, maxDelayMs: 5, maxConcurrentFlushes: 1, isolate: (e) => e instanceof RangeError },
    );
    const outcomes = await Promise.allSettled([10, 11, 12, 13, 14, 15].map((n) => batcher.add(n)));
    expect(outcomes.map((o) => o.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
    ]);
    const succeeded = flushed.filter((b) => !b.includes(13)).flat();
    expect(succeeded).toEqual([10, 11, 12, 14, 15]);
  });

  it('does not split for errors that belong to the whole batch', async () => {
    let calls = 0;
    const batcher = new MicroBatcher<number>(
      async () => {
        calls++;
        throw new Error('database down');
      },
      { maxItems: 10, maxDelayMs: 5, maxConcurrentFlushes: 1, isolate: (e) => e instanceof RangeError },
    );
    await Promise.allSettled([1, 2, 3, 4].map((n) => batcher.add(n)));
    expect(calls).toBe(1);
  });

  it('closes a batch before it exceeds maxBytes, but sends an oversized item alone', async () => {
    const batches: number[][] = [];
    const batcher = new MicroBatcher<number>(
      async (items) => {
        batches.push(items);
        return items.map(() => undefined);
      },
      { maxItems: 100, maxDelayMs: 5, maxConcurrentFlushes: 1, maxBytes: 10, sizeOf: (n) => n },
    );
    await Promise.all([4, 4, 4, 25, 3].map((n) => batcher.add(n)));
    expect(batches).toEqual([[4, 4], [4], [25], [3]]);
  });
});

describe('chunkByBytes', () => {
  it("splits one caller's records so that no request holds more than the limit", () => {
    const record = (bytes: number) => ({ value: 'x'.repeat(bytes - 64) });
    const chunks = chunkByBytes([record(600), record(600), record(300), record(2000), record(100)], 1000);
    expect(chunks.map((c) => c.map((m) => String(m.value).length + 64))).toEqual([[600], [600, 300], [2000], [100]]);
  });
});
