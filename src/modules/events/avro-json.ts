import avro from 'avsc';
import { isLosslessNumber, LosslessNumber } from 'lossless-json';
import { PoisonMessageError } from './ingest-errors.js';

/**
 * The last step from an avsc value to JSON: bytes and fixed without a logical type become base64
 * strings, generated record classes become plain objects, and union branches (decoded wrapped,
 * so no union is ever refused as ambiguous) become the plain value, or {"<branch>": value} when
 * wrapping is on (the Avro JSON encoding). `exact` tells whether a number needs stringifyExact.
 */
export function avroToJson(value: unknown, wrapUnions: boolean): { value: unknown; exact: boolean } {
  const state = { exact: false };
  return { value: convert(value, wrapUnions, state), exact: state.exact };
}

/**
 * A float or double as JSON carries it: -0 keeps its sign (JSON writers drop it); NaN and the
 * infinities have no JSON form, so the record is refused rather than delivered with a null.
 */
function number(value: number, state: { exact: boolean }): unknown {
  if (Object.is(value, -0)) {
    state.exact = true;
    return new LosslessNumber('-0');
  }
  if (Number.isFinite(value)) return value;
  const message = `data must hold no NaN or Infinity (a float or double JSON cannot carry); it holds ${value}`;
  throw new PoisonMessageError('invalid_envelope', message, [{ field: 'data', code: 'INVALID_VALUE', message }]);
}

interface Branch {
  unwrap(): unknown;
  constructor: { type?: unknown };
}

const isBranch = (v: object): v is Branch =>
  typeof (v as Branch).unwrap === 'function' && avro.Type.isType((v as Branch).constructor?.type);

function convert(value: unknown, wrapUnions: boolean, state: { exact: boolean }): unknown {
  if (typeof value === 'bigint') {
    state.exact = true;
    return value;
  }
  if (typeof value === 'number') return number(value, state);
  if (typeof value !== 'object' || value === null) return value;
  if (Buffer.isBuffer(value)) return value.toString('base64');
  if (isLosslessNumber(value)) {
    state.exact = true;
    return value;
  }
  if (Array.isArray(value)) return value.map((v) => convert(v, wrapUnions, state));
  if (isBranch(value)) {
    const inner = convert(value.unwrap(), wrapUnions, state);
    return wrapUnions ? { [Object.keys(value)[0]]: inner } : inner;
  }
  // A map key may be "__proto__": defined as an own member, as JSON.parse would, never as the prototype.
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value))
    Object.defineProperty(out, k, { value: convert(v, wrapUnions, state), enumerable: true, writable: true });
  return out;
}
