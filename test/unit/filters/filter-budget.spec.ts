import { celEnv, celList, celMap, parse, plan } from '@bufbuild/cel';
import { strings } from '@bufbuild/cel/ext';
import fc from 'fast-check';
import { sizeUnits } from '../../../src/modules/filters/filter-budget.js';
import { compileExpression, compileFilter } from '../../../src/modules/filters/filter-compiler.js';
import { filterInput } from '../../../src/modules/filters/filter-input.js';
import { FILTER_CHARS_PER_UNIT, FILTER_ELEMENTS_PER_UNIT } from '../../../src/modules/filters/filter-limits.js';

const input = (data: unknown) =>
  filterInput({ id: 'evt_1', type: 'order.created', created_at: '2026-01-02T03:04:05Z', data, metadata: {} });
const evaluate = (filter: string, data: unknown) => compileFilter(filter).evaluate(input(data));
const long = 'a'.repeat(30_000);
const words = Array.from({ length: 100 }, (_, i) => `w${i}`);
/** `v` added to itself until there are `leaves` of it: ((v+v)+(v+v))… */
const doubled = (leaves: number): string => (leaves === 1 ? 'v' : `(${doubled(leaves / 2)}+${doubled(leaves / 2)})`);
const numbers = Array.from({ length: 20_000 }, (_, i) => i);

describe('filters: the cost of strings, lists and maps', () => {
  it.each([
    ['a result of 900,000,000 characters', "event.data.s.replace('a', event.data.s).size() > 0"],
    ['a replace of a replace', "event.data.s.replace('a', 'bb').replace('b', event.data.s) != ''"],
    ['a join with a long separator', 'event.data.words.join(event.data.s).size() > 0'],
    ["a long string's size, once per element", 'event.data.words.all(w, event.data.s.size() > 0)'],
    ['a long list searched once per element', 'event.data.words.all(w, !(-1 in event.data.numbers))'],
    ['long lists compared per element', 'event.data.words.all(w, event.data.numbers == event.data.numbers)'],
    ['a long string rebuilt per element', "event.data.words.all(w, event.data.s.lowerAscii() != '')"],
    ['a string doubled seven times over: 3,840,000 characters', `[event.data.s].all(v, size(${doubled(128)}) > 0)`],
  ])('stops %s at the cost limit', (_, filter) => {
    const outcome = evaluate(filter, { s: long, words, numbers });
    expect(outcome.matches).toBe(false);
    expect(outcome.error?.message).toMatch(/cost limit/);
  });

  it('stops an ordering key expression at the same limit', () => {
    const outcome = compileExpression("event.data.s.replace('a', event.data.s)").evaluate(input({ s: long }));
    expect('error' in outcome && outcome.error.message).toMatch(/cost limit/);
  });

  it('lets the same filters run on ordinary events, and one read of a 200,000-character field', () => {
    const small = { s: 'abc', words: ['w1'], numbers: [1, 2] };
    expect(evaluate("event.data.s.replace('a', event.data.s) == 'abcbc'", small)).toEqual({ matches: true });
    expect(evaluate("event.data.words.join(', ') == 'w1'", small)).toEqual({ matches: true });
    expect(evaluate('event.data.words.all(w, !(-1 in event.data.numbers))', small)).toEqual({ matches: true });
    expect(evaluate("event.data.note.contains('needle')", { note: 'x'.repeat(200_000) + 'needle' })).toEqual({
      matches: true,
    });
    expect(evaluate('event.data.numbers.size() == 20000', { numbers })).toEqual({ matches: true });
  });

  it("counts a value's characters and elements at every depth, and stops at the limit", () => {
    const nested = celList([celMap(new Map([['k'.repeat(64), celList(['x'.repeat(64 * 3), 'y'])]]))]);
    // 1 + 1 + 2 elements; 64 + 192 + 1 characters.
    expect(sizeUnits(nested, Infinity)).toBe(
      Math.floor(4 / FILTER_ELEMENTS_PER_UNIT) + Math.floor(257 / FILTER_CHARS_PER_UNIT),
    );
    expect(sizeUnits('z'.repeat(FILTER_CHARS_PER_UNIT * 5), Infinity)).toBe(5);
    expect(sizeUnits(42, Infinity)).toBe(0);
    const huge = celList(Array.from({ length: 1_000_000 }, () => celList([1])));
    expect(sizeUnits(huge, 10)).toBeGreaterThan(10);
  });
});

describe('filters: the bounded string functions', () => {
  const plain = celEnv({ funcs: strings });
  const reference = (text: string, bindings: Record<string, unknown>) => plan(plain, parse(text))(bindings as never);
  const text = fc.string({ unit: fc.constantFrom('a', 'b', 'A', 'z', 'Z', 'é', '😀', ' '), maxLength: 12 });

  it('replace, join, lowerAscii and upperAscii give what the library gives', () => {
    fc.assert(
      fc.property(
        text,
        fc.string({ minLength: 1, maxLength: 2, unit: fc.constantFrom('a', 'b', 'A') }),
        text,
        fc.integer({ min: 0, max: 4 }),
        fc.array(text, { maxLength: 4 }),
        (s, old, replacement, n, list) => {
          const data = { s, old, replacement, n, list };
          for (const expr of [
            'event.data.s.replace(event.data.old, event.data.replacement)',
            'event.data.s.replace(event.data.old, event.data.replacement, int(event.data.n))',
            'event.data.list.join()',
            'event.data.list.join(event.data.s)',
            'event.data.s.lowerAscii()',
            'event.data.s.upperAscii()',
          ]) {
            const ours = compileExpression(expr).evaluate(input(data));
            expect({ expr, value: 'value' in ours ? ours.value : ours.error }).toEqual({
              expr,
              value: reference(expr, input(data).bindings),
            });
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('replaces an empty string before each code point and at the end, and every occurrence for a negative limit, as cel-go does', () => {
    const value = (expr: string) => {
      const outcome = compileExpression(expr).evaluate(input({}));
      return 'value' in outcome ? outcome.value : outcome.error;
    };
    expect(value("'ab😀'.replace('', '-')")).toBe('-a-b-😀-');
    expect(value("''.replace('', '-')")).toBe('-');
    expect(value("'ab'.replace('', '-', 1)")).toBe('-ab');
    expect(value("'aaa'.replace('a', 'b', -1)")).toBe('bbb');
  });
});
