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
