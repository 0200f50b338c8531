import { isInteger, isLosslessNumber, isSafeNumber, LosslessNumber, parse, stringify } from 'lossless-json';

/**
 * JSON that keeps every number exactly as written. Event data may hold integers beyond 2^53 (ids,
 * amounts in minor units) that JSON.parse would round; those are kept as LosslessNumber (the
 * digits as written) or bigint (from Avro longs) and written back with the same digits.
 */

export type BigIntegers = 'number' | 'string';

// A number JSON.parse can round has at least 16 significant digits; shorter text takes the
// native parser, which is several times faster than any JS-level one.
const LONG_DIGIT_RUN = /\d{16}/;

export interface ParsedJson {
  value: unknown;
  /** true when the value may hold LosslessNumber values: write it with stringifyExact. */
  exact: boolean;
}

/** Parses JSON text without losing digits; unsafe integers become strings when bigIntegers is 'string'. */
export function parseExact(text: string, bigIntegers: BigIntegers = 'number'): ParsedJson {
  if (!LONG_DIGIT_RUN.test(text)) return { value: JSON.parse(text), exact: false };
  const value = parse(text, null, (digits) => {
    if (isSafeNumber(digits)) return Number(digits);
    return bigIntegers === 'string' && isInteger(digits) ? digits : new LosslessNumber(digits);
  });
  return { value, exact: true };
}

/** JSON text of a value that may hold bigint or LosslessNumber; the native writer when `exact` is false. */
export function stringifyExact(value: unknown, exact = true): string {
  if (!exact) return JSON.stringify(value);
  const text = stringify(value);
  if (text === undefined) throw new TypeError('value has no JSON representation');
  return text;
}

/** Whether the value holds a number only stringifyExact writes exactly. */
export function hasExactNumbers(value: unknown): boolean {
  if (typeof value === 'bigint' || isLosslessNumber(value)) return true;
  if (Array.isArray(value)) return value.some(hasExactNumbers);
  if (typeof value === 'object' && value !== null) return Object.values(value).some(hasExactNumbers);
  return false;
}

/**
 * A copy with plain numbers in place of bigint and LosslessNumber, for validators (Ajv) that only
 * know JS numbers: type and range checks stay right, the original keeps the digits.
 */
export function withPlainNumbers(value: unknown): unknown {
  if (typeof value === 'bigint') return Number(value);
  if (isLosslessNumber(value)) return Number(value.value);
  if (Array.isArray(value)) return value.map(withPlainNumbers);
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withPlainNumbers(v)]));
  return value;
}
