import fc from 'fast-check';
import { decodeOffsetMap, encodeOffsetMap, type OffsetMap } from '../../../src/platform/kafka/offset-map.js';

/** Kafka's default offset.metadata.max.bytes. */
const KAFKA_DEFAULT_LIMIT = 4096;

/**
 * Any valid map: a base anywhere a Kafka offset can be, finished ranges above it (gaps and runs of
 * any length, sparse or dense), and an end at or past the last of them.
 */
const offsetMaps = (maxRanges = 40, maxLength = 300): fc.Arbitrary<OffsetMap> =>
  fc
    .record({
      base: fc.oneof(fc.nat(1_000), fc.integer({ min: 0, max: 2 ** 50 })),
      // Alternating unfinished and finished run lengths; the first unfinished one may be empty.
      runs: fc.array(fc.tuple(fc.nat(maxLength), fc.integer({ min: 1, max: maxLength })), { maxLength: maxRanges }),
      beyond: fc.nat(5_000),
    })
    .map(({ base, runs, beyond }) => {
      const finished: [number, number][] = [];
      let at = base;
      runs.forEach(([gap, length], i) => {
        const from = at + (i === 0 ? gap : gap + 1);
        finished.push([from, from + length]);
        at = from + length;
      });
      return { base, end: at + beyond, finished };
    });

const isPrefixOf = (shorter: [number, number][], longer: [number, number][]) =>
  shorter.every(([from, to], i) => longer[i][0] === from && longer[i][1] === to);

describe('offset map codec', () => {
  it('gives back exactly the map it encoded when the map fits', () => {
    fc.assert(
      fc.property(offsetMaps(), (map) => {
        const text = encodeOffsetMap(map, 1_000_000);
        expect(decodeOffsetMap(text)).toEqual(map);
      }),
      { numRuns: 500 },
    );
  });

  it('never exceeds the limit, and drops only its highest finished ranges to fit (never marks one finished wrongly)', () => {
    fc.assert(
      fc.property(offsetMaps(200, 2_000), fc.integer({ min: 40, max: KAFKA_DEFAULT_LIMIT }), (map, limit) => {
        const text = encodeOffsetMap(map, limit);
        expect(text.length).toBeLessThanOrEqual(limit);
        const decoded = decodeOffsetMap(text)!;
        expect(decoded).toMatchObject({ base: map.base, end: map.end });
        expect(isPrefixOf(decoded.finished, map.finished)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('keeps a long run compact: a stuck record and 100,000 finished after it', () => {
    const map: OffsetMap = { base: 7, end: 100_500, finished: [[8, 100_008]] };
    const text = encodeOffsetMap(map, KAFKA_DEFAULT_LIMIT);
    expect(text.length).toBeLessThan(20);
    expect(decodeOffsetMap(text)).toEqual(map);
  });

  it('chooses the bitset when scattered finished records make runs longer', () => {
    // Every other offset finished: one bit each, against a byte or more per run.
    const finished: [number, number][] = Array.from({ length: 2_000 }, (_, i) => [1 + 2 * i, 2 + 2 * i]);
    const map: OffsetMap = { base: 0, end: 4_001, finished };
    const text = encodeOffsetMap(map, KAFKA_DEFAULT_LIMIT);
    expect(text.length).toBeLessThan(700);
    expect(decodeOffsetMap(text)).toEqual(map);
  });

  it('reads any other text as no map, never throwing', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.string().map((s) => `hl1:${s}`),
          fc.base64String().map((s) => `hl1:${s}`),
        ),
        (text) => {
          const map = decodeOffsetMap(text);
          if (map === null) return;
          expect(map.end).toBeGreaterThanOrEqual(map.base);
          let at = map.base;
          for (const [from, to] of map.finished) {
            expect(from).toBeGreaterThanOrEqual(at);
            expect(to).toBeGreaterThan(from);
            at = to + 1;
          }
          expect(at - 1).toBeLessThanOrEqual(map.end);
        },
      ),
      { numRuns: 1_000 },
    );
    expect(decodeOffsetMap(null)).toBeNull();
    expect(decodeOffsetMap('')).toBeNull();
    expect(decodeOffsetMap('some other tool')).toBeNull();
    expect(decodeOffsetMap('hl1:!!')).toBeNull();
  });

  it('reads a damaged map as no map', () => {
    fc.assert(
      fc.property(offsetMaps(), fc.nat(), (map, cut) => {
        const text = encodeOffsetMap(map, KAFKA_DEFAULT_LIMIT);
        const truncated = text.slice(0, 'hl1:'.length + (cut % (text.length - 'hl1:'.length)));
        const decoded = decodeOffsetMap(truncated);
        // A shorter text may by chance be a valid map, but never one claiming more than the original.
        if (decoded) expect(decoded.finished.flat().every(Number.isSafeInteger)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
