import fc from 'fast-check';
import { nestsDeeperThan, refusedContent } from '../../../src/platform/http/json-limits.js';

/** Nesting depth of a parsed value, the way the text scan must count it: objects and arrays. */
function depthOf(value: unknown): number {
  if (Array.isArray(value)) return 1 + Math.max(0, ...value.map(depthOf));
  if (value !== null && typeof value === 'object') return 1 + Math.max(0, ...Object.values(value).map(depthOf));
  return 0;
}

const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

describe('request body limits', () => {
  it('measures the depth of any JSON text as its parsed value has it, brackets in strings aside', () => {
    const brackets = fc.string({ unit: fc.constantFrom('[', ']', '{', '}', '"', '\\', 'a'), maxLength: 8 });
    const json = fc.letrec((tie) => ({
      value: fc.oneof(
        { depthSize: 'small' },
        brackets,
        fc.integer(),
        fc.array(tie('value'), { maxLength: 3 }),
        fc.dictionary(brackets, tie('value'), { maxKeys: 3 }),
      ),
    })).value;
    fc.assert(
      fc.property(json, fc.integer({ min: 0, max: 12 }), (value, limit) => {
        const text = JSON.stringify(value, null, 1);
        expect(nestsDeeperThan(text, limit)).toBe(depthOf(value) > limit);
      }),
      { numRuns: 500 },
    );
  });

  it('reads a body nested far deeper than any stack allows, without recursion', () => {
    expect(nestsDeeperThan(nested(1_000_000), 128)).toBe(true);
    expect(nestsDeeperThan(nested(128), 128)).toBe(false);
    expect(nestsDeeperThan(`{"a":${nested(127)}}`, 128)).toBe(false);
    expect(nestsDeeperThan(`{"a":"${'['.repeat(500)}"}`, 128)).toBe(false);
  });

  it('refuses unpaired surrogates in strings and member names, anywhere in the value', () => {
    expect(refusedContent(JSON.parse('{"a":[1,{"b":"x\\ud800"}]}'))).toBe('a string with an unpaired UTF-16 surrogate');
    expect(refusedContent(JSON.parse('{"\\udc00":1}'))).toBe('a member name with an unpaired UTF-16 surrogate');
    expect(refusedContent(JSON.parse('{"emoji":"\\ud83d\\ude00"}'))).toBeUndefined();
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        // fast-check's strings are well formed: nothing in them is refused…
        expect(refusedContent(value)).toBeUndefined();
        // …and one lone surrogate next to them always is.
        expect(refusedContent([value, '\ud800'])).toBeDefined();
      }),
    );
  });

  it('refuses a member named __proto__ at any depth, and no other name', () => {
    expect(refusedContent(JSON.parse('{"metadata":{"__proto__":{"admin":true}}}'))).toBe('a member named __proto__');
    expect(refusedContent(JSON.parse('[[{"__proto__":1}]]'))).toBe('a member named __proto__');
    expect(refusedContent(JSON.parse('{"constructor":{"prototype":1},"toString":"x"}'))).toBeUndefined();
  });

  it('walks a body of a million items without overflowing the stack', () => {
    expect(refusedContent(new Array(1_000_000).fill('x'))).toBeUndefined();
  });
});
