/**
 * What a commit says of the records above its offset, carried in the commit's metadata so that a
 * partition's next owner skips exactly what was finished (the idea of Confluent Parallel Consumer's
 * offset map: run-length or bitset, the smaller, in a compact base64 text). Hookline adds `end`:
 * the owner began no record at or above it, so the next owner knows which records may have been
 * begun and need a look at what is on record, and which were never touched.
 */
export interface OffsetMap {
  /** The committed offset: the first record not finished. */
  base: number;
  /** The committing owner began no record at or above this offset (end ≥ base). */
  end: number;
  /** Finished offsets in [base, end), as sorted, disjoint, non-adjacent half-open ranges [from, to). */
  finished: [from: number, to: number][];
}

/** Every map Hookline writes starts with this; metadata without it (another tool's, a reset) is no map. */
const PREFIX = 'hl1:';
const RUNS = 1;
const BITS = 2;

/**
 * The metadata text of a map, at most maxChars long (Kafka's offset.metadata.max.bytes, 4096 by
 * default). A map too large for it keeps its lowest finished ranges only: the rest then count as
 * possibly begun for the next owner (looked up, not skipped), never as finished wrongly.
 */
export function encodeOffsetMap(map: OffsetMap, maxChars: number): string {
  const fits = (kept: number) => encoded(map, kept).length <= maxChars;
  if (fits(map.finished.length)) return encoded(map, map.finished.length);
  // The longest prefix of finished ranges that fits (size grows with the ranges kept).
  let [low, high] = [0, map.finished.length];
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (fits(middle)) low = middle;
    else high = middle - 1;
  }
  return encoded(map, low);
}

/** The map in metadata text; null when the text is not a map Hookline wrote, or is damaged. */
export function decodeOffsetMap(text: string | null | undefined): OffsetMap | null {
  if (!text?.startsWith(PREFIX)) return null;
  const body = text.slice(PREFIX.length);
  if (!/^[A-Za-z0-9_-]*$/.test(body)) return null;
  try {
    const reader = new Reader(Buffer.from(body, 'base64url'));
    const base = reader.varint();
    const end = base + reader.varint();
    const kind = reader.byte();
    const finished = kind === RUNS ? readRuns(reader, base) : kind === BITS ? readBits(reader, base) : null;
    if (!finished || !reader.done() || !Number.isSafeInteger(end)) return null;
    if (finished.length > 0 && finished[finished.length - 1][1] > end) return null;
    return { base, end, finished };
  } catch {
    return null;
  }
}

/** The smaller of the two encodings of the map with its first `kept` finished ranges. */
function encoded(map: OffsetMap, kept: number): string {
  const ranges = map.finished.slice(0, kept);
  const head = [...varint(map.base), ...varint(map.end - map.base)];
  const runs = [RUNS, ...runsOf(map.base, ranges)];
  const span = ranges.length === 0 ? 0 : ranges[ranges.length - 1][1] - map.base;
  // A bitset costs a byte per eight offsets: tried only when it may beat the runs.
  const bits = span <= runs.length * 8 ? [BITS, ...bitsOf(map.base, span, ranges)] : undefined;
  const body = bits && bits.length < runs.length ? bits : runs;
  return PREFIX + Buffer.from([...head, ...body]).toString('base64url');
}

/** Alternating run lengths from base, the first one unfinished (it may be empty): count, then each. */
function runsOf(base: number, ranges: [number, number][]): number[] {
  const lengths: number[] = [];
  let at = base;
  for (const [from, to] of ranges) {
    lengths.push(from - at, to - from);
    at = to;
  }
  return [...varint(lengths.length), ...lengths.flatMap(varint)];
}

function readRuns(reader: Reader, base: number): [number, number][] | null {
  const count = reader.varint();
  if (count % 2 !== 0) return null;
  const ranges: [number, number][] = [];
  let at = base;
  for (let i = 0; i < count; i += 2) {
    const from = at + reader.varint();
    const to = from + reader.varint();
    // Ranges must be non-empty and apart (after the first, an unfinished run lies between two).
    if (to === from || (i > 0 && from === at)) return null;
    ranges.push([from, to]);
    at = to;
  }
  return ranges;
}

/** The span's length, then a bit per offset from base, least significant first: 1 = finished. */
function bitsOf(base: number, span: number, ranges: [number, number][]): number[] {
  const bytes = new Array<number>(Math.ceil(span / 8)).fill(0);
  for (const [from, to] of ranges)
    for (let offset = from; offset < to; offset++) bytes[(offset - base) >> 3] |= 1 << ((offset - base) & 7);
  return [...varint(span), ...bytes];
}

function readBits(reader: Reader, base: number): [number, number][] | null {
  const span = reader.varint();
  const bytes = reader.bytes(Math.ceil(span / 8));
  const ranges: [number, number][] = [];
  for (let i = 0; i < span; i++) {
    if (((bytes[i >> 3] >> (i & 7)) & 1) === 0) continue;
    const last = ranges[ranges.length - 1];
    if (last && last[1] === base + i) last[1]++;
    else ranges.push([base + i, base + i + 1]);
  }
  // Bits past the span must be clear, and the span must end on a finished offset.
  if (span % 8 !== 0 && bytes.length > 0 && bytes[bytes.length - 1] >> (span % 8) !== 0) return null;
  if (span > 0 && ranges[ranges.length - 1]?.[1] !== base + span) return null;
  return ranges;
}

/** Unsigned LEB128, by arithmetic: offsets go past 32 bits. */
function varint(value: number): number[] {
  const out: number[] = [];
  let rest = value;
  while (rest >= 0x80) {
    out.push((rest % 0x80) | 0x80);
    rest = Math.floor(rest / 0x80);
  }
  out.push(rest);
  return out;
}

class Reader {
  private at = 0;

  constructor(private readonly buffer: Buffer) {}

  byte(): number {
    if (this.at >= this.buffer.length) throw new RangeError('truncated');
    return this.buffer[this.at++];
  }

  bytes(count: number): Buffer {
    if (this.at + count > this.buffer.length) throw new RangeError('truncated');
    this.at += count;
    return this.buffer.subarray(this.at - count, this.at);
  }

  /** At most eight bytes (56 bits): beyond that it is no offset, and no safe integer. */
  varint(): number {
    let value = 0;
    for (let shift = 1, i = 0; i < 8; i++, shift *= 0x80) {
      const byte = this.byte();
      value += (byte & 0x7f) * shift;
      if (byte < 0x80) {
        if (!Number.isSafeInteger(value) || (i > 0 && byte === 0)) throw new RangeError('not a varint');
        return value;
      }
    }
    throw new RangeError('varint too long');
  }

  done(): boolean {
    return this.at === this.buffer.length;
  }
}
