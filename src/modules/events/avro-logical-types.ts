import avro from 'avsc';
import { LosslessNumber } from 'lossless-json';
import type { BigIntegers } from '../../platform/json/exact-json.js';

/**
 * Avro logical types decoded to the JSON a webhook consumer expects (docs/concepts/event-types.md, "Avro to JSON"),
 * instead of avsc's defaults (Buffers for decimals, raw numbers for times). Decoding only:
 * Hookline never writes Avro, so _toValue just passes values through.
 */

export interface AvroJsonOptions {
  /** string: "42.17" always; number: 42.17 when the precision fits a double (15 digits), else a string. */
  decimalAs: 'string' | 'number';
  bigIntegersAs: BigIntegers;
}

type Schema = Record<string, unknown>;
const DOUBLE_DIGITS = 15;
const pad = (n: number | bigint, width: number) => String(n).padStart(width, '0');

/** Two's-complement big-endian bytes (Avro's decimal encoding) to the unscaled integer. */
export function unscaledOf(bytes: Buffer): bigint {
  let n = 0n;
  for (const byte of bytes) n = (n << 8n) | BigInt(byte);
  if (bytes.length > 0 && (bytes[0] & 0x80) !== 0) n -= 1n << BigInt(bytes.length * 8);
  return n;
}

/** The exact decimal text of unscaled × 10^-scale, keeping trailing zeros ("1.50" at scale 2). */
export function decimalText(unscaled: bigint, scale: number): string {
  const sign = unscaled < 0n ? '-' : '';
  const digits = (unscaled < 0n ? -unscaled : unscaled).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  return scale > 0 ? `${sign}${whole}.${digits.slice(digits.length - scale)}` : `${sign}${whole}`;
}

/** Splits a count of sub-units (micros) into whole milliseconds and the remaining sub-unit digits. */
function splitMicros(micros: number | bigint): { millis: number; rest: string } {
  const value = BigInt(micros);
  let millis = value / 1000n;
  let rest = value % 1000n;
  if (rest < 0n) {
    millis -= 1n;
    rest += 1000n;
  }
  return { millis: Number(millis), rest: pad(rest, 3) };
}

const iso = (millis: number) => new Date(millis).toISOString(); // RangeError (undecodable) off the calendar

abstract class DecodeOnly extends avro.types.LogicalType {
  protected override _toValue(value: unknown): unknown {
    return value;
  }
  protected override _resolve(): undefined {
    return undefined;
  }
}

class TimestampMillis extends DecodeOnly {
  protected override _fromValue(ms: number) {
    return iso(Number(ms));
  }
}
class TimestampMicros extends DecodeOnly {
  protected override _fromValue(us: number | bigint) {
    const { millis, rest } = splitMicros(us);
    return `${iso(millis).slice(0, -1)}${rest}Z`;
  }
}
// Local timestamps name a wall-clock time in no particular zone, so they carry no zone designator.
class LocalTimestampMillis extends DecodeOnly {
  protected override _fromValue(ms: number) {
    return iso(Number(ms)).slice(0, -1);
  }
}
class LocalTimestampMicros extends DecodeOnly {
  protected override _fromValue(us: number | bigint) {
    const { millis, rest } = splitMicros(us);
    return `${iso(millis).slice(0, -1)}${rest}`;
  }
}
class DateType extends DecodeOnly {
  protected override _fromValue(days: number) {
    return iso(Number(days) * 86_400_000).slice(0, 10);
  }
}
class TimeMillis extends DecodeOnly {
  protected override _fromValue(ms: number) {
    return iso(Number(ms)).slice(11, 23);
  }
}
class TimeMicros extends DecodeOnly {
  protected override _fromValue(us: number | bigint) {
    const { millis, rest } = splitMicros(us);
    return `${iso(millis).slice(11, 23)}${rest}`;
  }
}
class Uuid extends DecodeOnly {
  // A string already; a fixed(16) uuid (Avro 1.12) is printed in the canonical 8-4-4-4-12 form.
  protected override _fromValue(value: string | Buffer) {
    if (typeof value === 'string') return value;
    const hex = value.toString('hex');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  }
}
class Duration extends DecodeOnly {
  // fixed(12): three little-endian unsigned ints.
  protected override _fromValue(b: Buffer) {
    return {
      months: b.readUInt32LE(0),
      days: b.readUInt32LE(4),
      milliseconds: b.readUInt32LE(8),
    };
  }
}

/** The logical types for one decoding setup (only decimals depend on it). */
export function avroLogicalTypes(options: AvroJsonOptions): Record<string, typeof avro.types.LogicalType> {
  class Decimal extends DecodeOnly {
    private readonly scale: number;
    private readonly precision: number;
    constructor(schema: Schema, opts?: unknown) {
      super(schema as avro.Schema, opts);
      this.precision = Number(schema.precision);
      this.scale = schema.scale === undefined ? 0 : Number(schema.scale);
      // A decimal schema Avro itself calls invalid is read as its plain bytes (avsc's fallback).
      if (!Number.isInteger(this.precision) || this.precision < 1) throw new Error('decimal needs a precision');
      if (!Number.isInteger(this.scale) || this.scale < 0 || this.scale > this.precision)
        throw new Error('decimal scale must be 0..precision');
    }
    protected override _fromValue(bytes: Buffer): string | LosslessNumber {
      const text = decimalText(unscaledOf(bytes), this.scale);
      return options.decimalAs === 'number' && this.precision <= DOUBLE_DIGITS ? new LosslessNumber(text) : text;
    }
  }
  return {
    decimal: Decimal,
    'timestamp-millis': TimestampMillis,
    'timestamp-micros': TimestampMicros,
    'local-timestamp-millis': LocalTimestampMillis,
    'local-timestamp-micros': LocalTimestampMicros,
    date: DateType,
    'time-millis': TimeMillis,
    'time-micros': TimeMicros,
    uuid: Uuid,
    duration: Duration,
  } as unknown as Record<string, typeof avro.types.LogicalType>;
}

const MIN_SAFE = BigInt(Number.MIN_SAFE_INTEGER);
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/**
 * avsc's long refuses values beyond ±2^53 ("potential precision loss"). This one reads all 64
 * bits: a JS number when safe, else a bigint (written with its exact digits) or its digits as a string.
 */
export function exactLongType(bigIntegersAs: BigIntegers): avro.types.LongType {
  return avro.types.LongType.__with({
    fromBuffer: (buf: Buffer) => {
      const n = buf.readBigInt64LE();
      if (n >= MIN_SAFE && n <= MAX_SAFE) return Number(n);
      return bigIntegersAs === 'string' ? n.toString() : n;
    },
    toBuffer: (n: number | bigint | string) => {
      const buf = Buffer.alloc(8);
      buf.writeBigInt64LE(BigInt(n));
      return buf;
    },
    fromJSON: (n: unknown) => n,
    toJSON: (n: number | bigint | string) => (typeof n === 'number' ? n : Number(n)),
    isValid: (n: unknown) =>
      Number.isSafeInteger(n) || typeof n === 'bigint' || (typeof n === 'string' && /^-?\d+$/.test(n)),
    compare: (a: number | bigint | string, b: number | bigint | string) => {
      const [x, y] = [BigInt(a), BigInt(b)];
      return x === y ? 0 : x < y ? -1 : 1;
    },
  });
}
