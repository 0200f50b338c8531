import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { Partitioners, type PartitionerArgs } from 'kafkajs';
import { hashableRecord, LONGEST_HASHED_KEY, notingPartitioner } from '../../../src/platform/kafka/record-placement.js';

const partitionMetadata = Array.from({ length: 6 }, (_, partitionId) => ({
  partitionErrorCode: 0,
  partitionId,
  leader: 1,
  replicas: [1],
  isr: [1],
}));
const argsOf = (key: Buffer | string | null): PartitionerArgs => ({
  topic: 't',
  partitionMetadata,
  message: { key, value: 'v' },
});

describe('record placement', () => {
  it("places a key Hookline writes exactly as kafkajs's default partitioner does", () => {
    const ours = notingPartitioner();
    const theirs = Partitioners.DefaultPartitioner();
    fc.assert(
      fc.property(fc.string({ maxLength: LONGEST_HASHED_KEY / 4 }), (key) => {
        expect(ours(argsOf(key))).toBe(theirs(argsOf(key)));
        expect(hashableRecord(argsOf(key)).message.key).toBe(key);
      }),
    );
    // No key: kafkajs spreads such records itself.
    expect(hashableRecord(argsOf(null)).message.key).toBeNull();
  });

  it('places a longer key by its SHA-256 digest: the same key always on the same partition', () => {
    const key = Buffer.alloc(LONGEST_HASHED_KEY + 1, 7);
    const digest = createHash('sha256').update(key).digest();
    expect(hashableRecord(argsOf(key)).message.key).toEqual(digest);
    const choose = notingPartitioner();
    expect(choose(argsOf(key))).toBe(Partitioners.DefaultPartitioner()(argsOf(digest)));
  });

  it('places a hostile five-megabyte key without hashing it in JavaScript', () => {
    const key = 'k'.repeat(5 << 20);
    const choose = notingPartitioner();
    const first = choose(argsOf(key));
    expect(choose(argsOf(key))).toBe(first);
    expect(first).toBeGreaterThanOrEqual(0);
    expect(first).toBeLessThan(partitionMetadata.length);
  });
});
