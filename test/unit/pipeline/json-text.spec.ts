import fc from 'fast-check';
import { isInteger, isSafeNumber, parse } from 'lossless-json';
import { memberText, nestsDeeperThan, unsafeIntegersAsStrings } from '../../../src/platform/json/json-text.js';
import { storableExcerpt, storableText } from '../../../src/platform/database/storable-text.js';

/** JSON whitespace, as much or as little as a producer may write. */
const space = fc.stringMatching(/^[ \t\n\r]{0,3}$/);

/** Text of any JSON value, formatted at random: compact, indented, or with spaces around every token. */
const valueText = fc
  .tuple(fc.jsonValue(), fc.constantFrom(undefined, 1, 2, '\t'), fc.boolean())
  .map(([value, indent, escaped]) => {
    const text = JSON.stringify(value, null, indent);
    // Escapes a producer may choose: the same value, other bytes.
    return escaped ? text.replaceAll('é', '\\u00e9').replaceAll('/', '\\/') : text;
  });

/** Keys including the awkward ones: quotes, backslashes, brackets, escaped forms, "__proto__". */
const key = fc.oneof(fc.string(), fc.constantFrom('data', 'd"a\\ta', '{[', '__proto__', ']}', ''));

/** A key as written: plain, or with its first letter as a \u escape (the same key to JSON.parse). */
const written = (k: string, escaped: boolean) =>
  escaped ? JSON.stringify(k).replace(/[a-z]/, (c) => `\\u00${c.charCodeAt(0).toString(16)}`) : JSON.stringify(k);

const objectText = fc
  .tuple(fc.array(fc.tuple(key, valueText, space, space, fc.boolean()), { maxLength: 6 }), space)
  .map(([members, outer]) => ({
    members,
    text: `${outer}{${members.map(([k, v, a, b, e]) => `${a}${written(k, e)}${b}:${a}${v}${b}`).join(',')}}${outer}`,
  }));

/** An object's text and a key to look for: one of its own most of the time. */
const lookup = objectText.chain((o) =>
  fc.tuple(fc.constant(o), o.members.length ? fc.oneof(fc.constantFrom(...o.members.map(([k]) => k)), key) : key),
);

describe('JSON text', () => {
  it('cuts out the exact text of a member, the last one when a key repeats', () => {
    fc.assert(
      fc.property(lookup, ([{ members, text }, wanted]) => {
        JSON.parse(text); // the generator writes valid JSON only
        const last = members.filter(([k]) => k === wanted).at(-1);
        expect(memberText(text, wanted)).toBe(last?.[1]);
      }),
      { numRuns: 2000 },
    );
  });

  it('compares keys decoded, and finds nothing in what is not an object', () => {
    expect(memberText('{"d\\u0061ta" : {"a":1}}', 'data')).toBe('{"a":1}');
    expect(memberText('{"x":"}\\"{","data":[1,"]"]}', 'data')).toBe('[1,"]"]');
    expect(memberText('{"data":-1.50e+3 }', 'data')).toBe('-1.50e+3');
    expect(memberText('[{"data":1}]', 'data')).toBeUndefined();
    expect(memberText('"data"', 'data')).toBeUndefined();
  });

  it('writes integers beyond 2^53 as strings, and every other character as it was', () => {
    const bigs = fc.array(fc.bigInt({ min: -(2n ** 80n), max: 2n ** 80n }), { maxLength: 4 });
    fc.assert(
      fc.property(fc.jsonValue(), bigs, fc.constantFrom(undefined, 1, '\t'), (value, integers, indent) => {
        const text = `[${JSON.stringify(value, null, indent) ?? 'null'}, [${integers.map((n) => `{"n": ${n}}`).join(',')}]]`;
        const expected = parse(text, null, (digits) =>
          isInteger(digits) && !isSafeNumber(digits) ? digits : Number(digits),
        );
        const rewritten = unsafeIntegersAsStrings(text);
        expect(JSON.parse(rewritten)).toEqual(expected);
        // Only quotes were added.
        expect(rewritten.replaceAll('"', '')).toBe(text.replaceAll('"', ''));
      }),
      { numRuns: 1000 },
    );
    expect(unsafeIntegersAsStrings('{"k": 9007199254740993, "k": "9007199254740993" ,"s":9007199254740991}')).toBe(
      '{"k": "9007199254740993", "k": "9007199254740993" ,"s":9007199254740991}',
    );
  });

  it('measures nesting without recursion', () => {
    const depthOf = (v: unknown): number =>
      typeof v === 'object' && v !== null ? 1 + Math.max(0, ...Object.values(v).map(depthOf)) : 0;
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 8 }), fc.integer({ min: 0, max: 9 }), (value, max) => {
        expect(nestsDeeperThan(value, max)).toBe(depthOf(value) > max);
      }),
    );
    const deep = JSON.parse('['.repeat(200_000) + ']'.repeat(200_000)) as unknown;
    expect(nestsDeeperThan(deep, 100)).toBe(true);
  });

  it('makes any text storable, and leaves storable text as it is', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const stored = storableText(text);
        expect(stored.isWellFormed()).toBe(true);
        expect(stored.includes('\u0000')).toBe(false);
        expect(stored).toHaveLength(text.length);
        if (text.isWellFormed() && !text.includes('\u0000')) expect(stored).toBe(text);
      }),
    );
    expect(storableExcerpt('ab\u{1F600}', 3)).toBe('ab\uFFFD');
  });
});
