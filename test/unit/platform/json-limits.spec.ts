import fc from 'fast-check';
import { refusedContent } from '../../../src/platform/http/json-limits.js';

describe('request body limits', () => {
  it('refuses unpaired surrogates in strings and member names, anywhere in the value', () => {
    expect(refusedContent(JSON.parse('{"a":[1,{"b":"x\\ud800"}]}'))).toBe('a string with an unpaired UTF-16 surrogate');
    expect(refusedContent(JSON.parse('{"\\udc00":1}'))).toBe('a member name with an unpaired UTF-16 surrogate');
    expect(refusedContent(JSON.parse('{"emoji":"\\ud83d\\ude00"}'))).toBeUndefined();
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        // fast-check may name a member __proto__, refused for its own reason (the next test).
        fc.pre(!JSON.stringify(value).includes('"__proto__":'));
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
