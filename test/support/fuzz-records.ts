import fc from 'fast-check';
import { avroWriter, frame } from './avro-frames.js';

/**
 * The records of the Kafka-side fuzzer (pipeline-fuzz.spec.ts): hostile but valid events, and
 * records that are not events at all, each with what must become of it. A case is built from its
 * event id, which the spec hands out so that every case is told apart.
 */

/** What must become of a record: delivered to both subscriptions with exactly this `data` text, or refused. */
export type Expectation = { delivered: string } | { refused: readonly string[] };

/** How the junk endpoint answers this event: its first answer's status (then 200), and what body. */
export interface JunkPlan {
  firstStatus: 200 | 500 | 503 | 429;
  body: 'nul' | 'invalid_utf8' | 'huge' | 'empty' | 'json';
}

export interface FuzzCase {
  kind: string;
  id: string;
  value: Buffer | null;
  key: Buffer | null;
  headers: Record<string, string>;
  expect: Expectation;
  junk: JunkPlan;
}

/** Registered schemas the framed cases use (their ids), and the tenant the records are for. */
export interface FuzzContext {
  tenant: string;
  avroId: number;
  avroSchema: object;
  jsonSchemaId: number;
}

type Build = (id: string, ctx: FuzzContext) => Omit<FuzzCase, 'id' | 'key' | 'headers' | 'junk'>;

const INGEST_REASONS = ['undecodable', 'invalid_envelope', 'unknown_schema', 'no_tenant', 'too_large', 'unknown_type'];
const DATA_MAX_DEPTH = 100;

/** Single UTF-16 units and characters, the awkward ones often: U+0000, lone surrogates, separators, quotes. */
const unit = fc.oneof(
  {
    weight: 1,
    arbitrary: fc.constantFrom('\u0000', '\ud800', '\udbff', '\udc00', '\udfff', '\u2028', '\ufeff', '"', '\\'),
  },
  { weight: 4, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
);
const text = (maxLength = 24) => fc.string({ unit, maxLength });
const eventType = fc.stringMatching(/^[a-z0-9_-]{1,12}(\.[a-z0-9_-]{1,12}){1,3}$/);
const createdAt = fc
  .date({ min: new Date('0001-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z'), noInvalidDate: true })
  .map((d) => d.toISOString());

/** A producer's way of writing JSON: compact, indented, or with \u escapes and escaped slashes. */
const writer = fc.record({ indent: fc.constantFrom(undefined, 1, 2, '\t'), escapes: fc.boolean() });
function write(value: unknown, how: { indent?: number | string; escapes: boolean }): string {
  const text = JSON.stringify(value, null, how.indent) ?? 'null';
  return how.escapes ? text.replaceAll('/', '\\/').replace(/[^\x20-\x7e\n\t]/g, (c) => escapeUnit(c)) : text;
}
const escapeUnit = (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;

const envelopeText = (id: string, type: string, at: string, data: string, extra = '') =>
  `{"id":${JSON.stringify(id)},"type":${JSON.stringify(type)},"created_at":${JSON.stringify(at)},"data":${data}${extra}}`;
const delivered = (kind: string, value: string | Buffer, data: string) => ({
  kind,
  value: Buffer.from(value),
  expect: { delivered: data },
});

/** Unicode with U+0000 and lone surrogates, in strings and keys, written any way a producer writes JSON. */
const unicode = fc
  .tuple(
    fc.dictionary(text(12), fc.oneof(text(), fc.array(text(), { maxLength: 4 })), { maxKeys: 6 }),
    writer,
    eventType,
    createdAt,
  )
  .map(([data, how, type, at]): Build => (id) => {
    const dataText = write(data, how);
    return delivered('unicode', envelopeText(id, type, at, dataText), dataText);
  });

/** Numbers beyond 2^53, beyond a double's range and precision, negative zero, exponents both ways. */
const numberToken = fc.oneof(
  fc.bigInt({ min: -(2n ** 256n), max: 2n ** 256n }).map(String),
  fc
    .tuple(fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }), fc.integer({ min: 1, max: 40 }))
    .map(([n, f]) => `${n}.${'0'.repeat(f - 1)}7`),
  fc.tuple(fc.integer({ min: -9, max: 9 }), fc.integer({ min: -999, max: 999 })).map(([m, e]) => `${m}e${e}`),
  fc.constantFrom('-0', '0.0', '-0.0e-0', '1E+308', '4.9e-324', '1e400', '-1e-400', '123456789012345678901234567890'),
);
const numbers = fc
  .tuple(
    fc.array(fc.tuple(numberToken, fc.constantFrom('', ' ', '\n\t')), { minLength: 1, maxLength: 8 }),
    eventType,
    createdAt,
  )
  .map(([tokens, type, at]): Build => (id) => {
    const dataText = `{ ${tokens.map(([t, s], i) => `"n${i}"${s}:${s}[${t}]`).join(`,${tokens[0][1]}`)} }`;
    return delivered('numbers', envelopeText(id, type, at, dataText), dataText);
  });

/** Objects and arrays nested up to past the limit, and long strings (at most 600 KB as JSON: within any topic's limit). */
const deep = fc
  .tuple(fc.integer({ min: 1, max: DATA_MAX_DEPTH + 30 }), eventType, createdAt)
  .map(([depth, type, at]): Build => (id) => {
    let inner = '"bottom"';
    for (let level = depth - 1; level >= 1; level--) inner = level % 2 ? `[${inner}]` : `{"l${level}":${inner}}`;
    const dataText = `{"d":${inner}}`;
    const value = envelopeText(id, type, at, dataText);
    return depth <= DATA_MAX_DEPTH
      ? delivered('deep', value, dataText)
      : { kind: 'too-deep', value: Buffer.from(value), expect: { refused: ['invalid_envelope'] } };
  });
const long = fc
  .tuple(fc.integer({ min: 1_000, max: 200_000 }), unit, eventType, createdAt)
  .map(([length, char, type, at]): Build => (id) => {
    // At most 600 KB as JSON (an escaped unit is 6 bytes): within any topic's limit.
    const bytesEach = Buffer.byteLength(JSON.stringify(char)) - 2;
    const dataText = JSON.stringify({ long: char.repeat(Math.min(length, Math.floor(600_000 / bytesEach))) });
    return delivered('long', envelopeText(id, type, at, dataText), dataText);
  });

/** Envelopes with a field of the wrong type or value, or a tenant no header may name. */
const broken = fc.constantFrom<[string, (id: string) => Record<string, unknown>, string]>(
  ['id-number', () => ({ id: 42 }), 'invalid_envelope'],
  ['id-above-ff', (id) => ({ id: `${id}\u0100` }), 'invalid_envelope'],
  ['id-space', (id) => ({ id: `${id} x` }), 'invalid_envelope'],
  ['id-too-long', (id) => ({ id: id.padEnd(256, 'x') }), 'invalid_envelope'],
  ['type-flat', () => ({ type: 'created' }), 'invalid_envelope'],
  ['type-array', () => ({ type: ['a.b'] }), 'invalid_envelope'],
  ['created-at-feb-30', () => ({ created_at: '2026-02-30T00:00:00Z' }), 'invalid_envelope'],
  ['created-at-no-zone', () => ({ created_at: '2026-01-01T00:00:00' }), 'invalid_envelope'],
  ['data-array', () => ({ data: [1] }), 'invalid_envelope'],
  ['data-not-json', () => ({ data: '{nope' }), 'invalid_envelope'],
  ['data-null', () => ({ data: null }), 'invalid_envelope'],
  ['tenant-number', () => ({ tenant_id: 7 }), 'invalid_envelope'],
  ['not-an-object', () => ({ __array: true }), 'invalid_envelope'],
);
const wrongTypes = fc.tuple(broken, eventType, createdAt).map(([[name, change, reason], type, at]): Build => (id) => {
  const envelope: Record<string, unknown> = { id, type, created_at: at, data: { ok: true }, ...change(id) };
  const value = envelope.__array ? '[1,2]' : JSON.stringify(envelope);
  return { kind: `wrong:${name}`, value: Buffer.from(value), expect: { refused: [reason] } };
});

/** Bytes that are no event: random, empty, a tombstone, or a frame too short to hold a schema id. */
const randomBytes = fc.oneof(
  fc.uint8Array({ minLength: 1, maxLength: 300 }).map((b) => Buffer.from(b)),
  fc.constantFrom(Buffer.alloc(0), null, Buffer.from([0, 0, 1]), Buffer.from([0xef, 0xbb, 0xbf, 0x7b, 0x7d])),
);
const bytes = randomBytes.map((value): Build => () => ({ kind: 'bytes', value, expect: { refused: INGEST_REASONS } }));

/** Registry-framed Avro with the real schema and random values (strings, longs, doubles, maps, unions). */
const avroData = fc.record({
  s: text().map((s) => s.toWellFormed()),
  l: fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }),
  d: fc.double(),
  i: fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }),
  b: fc.boolean(),
  arr: fc.array(fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }), { maxLength: 4 }),
  m: fc.dictionary(
    fc.oneof(text(8), fc.constant('__proto__')).map((k) => k.toWellFormed()),
    text().map((s) => s.toWellFormed()),
    { maxKeys: 4 },
  ),
  opt: fc.option(fc.double(), { nil: null }),
});
const avro = fc.tuple(avroData, eventType, createdAt).map(([data, type, at]): Build => (id, ctx) => {
  const value = frame(ctx.avroId, avroWriter(ctx.avroSchema).toBuffer({ id, type, created_at: at, data }));
  const finite = [data.d, data.opt ?? 0].every(Number.isFinite);
  return finite
    ? delivered('avro', value, expectedJson(data))
    : { kind: 'avro-not-finite', value, expect: { refused: ['invalid_envelope'] } };
});

/** Registry-framed JSON Schema: the payload is JSON text, so data arrives exactly as written. */
const jsonSchema = fc
  .tuple(fc.dictionary(text(8), text(), { maxKeys: 5 }), writer, eventType, createdAt)
  .map(([data, how, type, at]): Build => (id, ctx) => {
    const dataText = write(data, how);
    return delivered('json-schema', frame(ctx.jsonSchemaId, envelopeText(id, type, at, dataText)), dataText);
  });

const unknownSchema = fc.integer({ min: 1_900_000_000, max: 2 ** 31 - 1 }).map((schemaId): Build => (id) => ({
  kind: 'unknown-schema',
  value: frame(schemaId, Buffer.from(id)),
  expect: { refused: ['unknown_schema'] },
}));

const junk = fc.record<JunkPlan>({
  firstStatus: fc.constantFrom(200, 200, 200, 200, 200, 200, 500, 503, 429),
  body: fc.oneof(
    { weight: 10, arbitrary: fc.constantFrom<JunkPlan['body']>('nul', 'invalid_utf8', 'json', 'empty') },
    { weight: 1, arbitrary: fc.constant<JunkPlan['body']>('huge') },
  ),
});
/** What a producer may put around the value: any key bytes, any traceparent, or a tenant no header may name. */
const surroundings = fc.record({
  /** Any visible ASCII after the case's own prefix: every character an id may hold. */
  idSuffix: fc.string({ unit: fc.integer({ min: 0x21, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 20 }),
  key: fc.option(
    fc.uint8Array({ maxLength: 40 }).map((b) => Buffer.from(b)),
    { nil: null },
  ),
  traceparent: fc.option(fc.string({ unit: 'binary-ascii', maxLength: 60 }), { nil: undefined }),
});
/** Where the tenant comes from: the header mostly; sometimes nowhere, or a header naming no possible tenant. */
const tenants = fc.constantFrom<'header' | 'none' | 'malformed'>(
  ...Array<'header'>(12).fill('header'),
  'none',
  'malformed',
);

/** One fuzz case: a record of one of the kinds, with its endpoint plan and surroundings. */
export const fuzzCase = fc
  .tuple(
    fc.oneof(
      { weight: 5, arbitrary: unicode },
      { weight: 3, arbitrary: numbers },
      { weight: 2, arbitrary: deep },
      { weight: 1, arbitrary: long },
      { weight: 2, arbitrary: wrongTypes },
      { weight: 2, arbitrary: bytes },
      { weight: 3, arbitrary: avro },
      { weight: 2, arbitrary: jsonSchema },
      { weight: 1, arbitrary: unknownSchema },
    ),
    junk,
    surroundings,
    tenants,
  )
  .map(([build, plan, around, tenancy]) => (prefix: string, ctx: FuzzContext): FuzzCase => {
    const id = `${prefix}${around.idSuffix}`;
    const built = build(id, ctx);
    const headers: Record<string, string> = {};
    if (tenancy !== 'none') headers['tenant-id'] = tenancy === 'malformed' ? 'no such tenant!' : ctx.tenant;
    if (around.traceparent !== undefined) headers.traceparent = around.traceparent;
    // A readable event without a tenant is refused for that (the envelope's problems come first).
    const refusedForTenant = tenancy !== 'header' && 'delivered' in built.expect;
    return {
      ...built,
      id,
      key: around.key,
      headers,
      expect: refusedForTenant ? { refused: ['no_tenant'] } : built.expect,
      junk: plan,
    };
  });

/** The JSON of an Avro record's data as Hookline writes it: fields in schema order, every digit, -0 kept. */
export function expectedJson(value: unknown): string {
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'number') return Object.is(value, -0) ? '-0' : JSON.stringify(value);
  if (typeof value !== 'object' || value === null) return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(expectedJson).join(',')}]`;
  return `{${Object.keys(value)
    .map((k) => `${JSON.stringify(k)}:${expectedJson((value as Record<string, unknown>)[k])}`)
    .join(',')}}`;
}
