import { celEnv, isCelError, parse, plan } from '@bufbuild/cel';
import { strings } from '@bufbuild/cel/ext';
import fc from 'fast-check';
import { LosslessNumber } from 'lossless-json';
import { compileFilter } from '../../../src/modules/filters/filter-compiler.js';
import { FilterError } from '../../../src/modules/filters/filter-error.js';
import { filterInput, type FilterEvent } from '../../../src/modules/filters/filter-input.js';
import { FILTER_MAX_COST, FILTER_MAX_LENGTH } from '../../../src/modules/filters/filter-limits.js';

const event = (data: unknown, metadata: Record<string, string> = {}): FilterEvent => ({
  id: 'evt_1',
  type: 'order.created',
  created_at: '2026-01-02T03:04:05Z',
  data,
  metadata,
});
const evaluate = (filter: string, data: unknown, metadata?: Record<string, string>) =>
  compileFilter(filter).evaluate(filterInput(event(data, metadata)));
const compileError = (filter: string): FilterError => {
  try {
    compileFilter(filter);
  } catch (error) {
    if (error instanceof FilterError) return error;
    throw error;
  }
  throw new Error(`${filter} compiled`);
};

describe('filters: what they match', () => {
  const order = {
    total: { amount: 1200, currency: 'EUR' },
    status: 'paid',
    tags: ['vip', 'eu'],
    items: [
      { sku: 'a', qty: 2 },
      { sku: 'b', qty: 1 },
    ],
    note: null,
  };

  it.each([
    ['event.data.total.amount > 1000', true],
    ['event.data.total.amount == 1200', true],
    ['event.data.total.amount >= 1200.5', false],
    ["event.data.status in ['paid', 'refunded']", true],
    ["'vip' in event.data.tags", true],
    ["event.data.items.exists(i, i.sku == 'b' && i.qty == 1)", true],
    ['event.data.items.all(i, i.qty > 1)', false],
    ['size(event.data.items) == 2', true],
    ["event.type.startsWith('order.')", true],
    ["event.id == 'evt_1' && event.created_at.startsWith('2026-')", true],
    ['has(event.data.total.currency) && !has(event.data.discount)', true],
    ['event.data.note == null', true],
    ["event.data.status.matches('^pa(id|rtial)$')", true],
    ["event.data.status.upperAscii() == 'PAID'", true],
    ["timestamp(event.created_at) > timestamp('2026-01-01T00:00:00Z')", true],
  ])('%s → %s', (filter, expected) => {
    expect(evaluate(filter, order)).toEqual({ matches: expected });
  });

  it('reads the metadata (record headers) as strings', () => {
    expect(evaluate("event.metadata['region'] == 'eu'", {}, { region: 'eu' })).toEqual({ matches: true });
    expect(evaluate("'region' in event.metadata", {}, {})).toEqual({ matches: false });
  });

  it('compares integers beyond 2^53 exactly', () => {
    const big = { id: new LosslessNumber('9007199254740993') };
    expect(evaluate('event.data.id == 9007199254740993', big)).toEqual({ matches: true });
    expect(evaluate('event.data.id == 9007199254740992', big)).toEqual({ matches: false });
  });

  it('does not match on a missing field, and says where', () => {
    const outcome = evaluate('event.data.missing.deeper > 1', order);
    expect(outcome.matches).toBe(false);
    expect(outcome.error?.message).toMatch(/missing/);
    expect(outcome.error?.position).toEqual({ offset: 10, line: 1, column: 11 });
  });

  it('absorbs an error where CEL logic does', () => {
    expect(evaluate('event.data.missing == 1 || event.data.status == "paid"', order)).toEqual({ matches: true });
  });

  it('does not match a result that is not a bool', () => {
    expect(evaluate('event.data.total.amount', order)).toEqual({
      matches: false,
      error: { message: 'the filter gave a double, not a bool' },
    });
  });

  it('stops a comprehension past its cost before walking it', () => {
    const items = Array.from({ length: FILTER_MAX_COST }, (_, i) => i);
    const started = performance.now();
    const outcome = evaluate('event.data.items.map(a, event.data.items.map(b, a + b)).size() > 0', { items });
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(outcome.matches).toBe(false);
    expect(outcome.error?.message).toMatch(/cost limit/);
    expect(outcome.error?.position?.column).toBeGreaterThan(1);
    expect(evaluate('event.data.items.exists(i, i == 3)', { items: [1, 2, 3] })).toEqual({ matches: true });
  });
});

describe('filters: what is refused when written', () => {
  it.each([
    ['event.data.amount >', /syntax error/, 18],
    ['evnt.data.x == 1', /unknown name "evnt"/, 0],
    ['event.data.x == 1 && lookup(event.id)', /unknown function lookup/, 21],
    ["event.data.s.matches('(')", /invalid regular expression/, 21],
    ['event.data.s.matches(event.data.p)', /string literal/, 31],
    ['google.protobuf.Value{}', /cannot be built/, 0],
    ['', /empty/, 0],
  ])('%j', (filter, message, offset) => {
    const error = compileError(filter);
    expect(error.message).toMatch(message);
    expect(error.position.offset).toBe(offset);
  });

  it('refuses text beyond the length limit, nesting beyond the depth limit and trees beyond the node limit', () => {
    expect(compileError(`event.id == '${'x'.repeat(FILTER_MAX_LENGTH)}'`).message).toMatch(/characters long/);
    expect(compileError(`${'['.repeat(40)}1${']'.repeat(40)} != []`).message).toMatch(/nests too deeply/);
    expect(compileError('('.repeat(1_000) + '1' + ')'.repeat(1_000)).message).toMatch(/nests too deeply/);
    expect(compileError(Array.from({ length: 150 }, () => '1 == 1').join(' && ')).message).toMatch(/too large/);
  });

  it('gives line and column on later lines', () => {
    expect(compileError('event.data.x == 1 &&\n  nope').position).toEqual({ offset: 23, line: 2, column: 3 });
  });
});

describe('filters: guards', () => {
  it('settle a filter whose keyed conjunct is false without running it, and leave the rest to the evaluator', () => {
    const keyed = compileFilter(
      "event.data.missing.x > 1 && event.data.slot == 3 && event.data.region in ['eu', 'us']",
    );
    expect(keyed.evaluate(filterInput(event({ slot: 4, region: 'eu' })))).toEqual({ matches: false });
    expect(keyed.evaluate(filterInput(event({ slot: 3, region: 'asia' })))).toEqual({ matches: false });
    // The guards hold: the evaluator runs and fails on the missing field, as it would have anyway.
    expect(keyed.evaluate(filterInput(event({ slot: 3, region: 'us' }))).error?.message).toMatch(/missing/);
    // A value of another kind than the literal, or none at all: the evaluator decides ('3' == 3 is false there).
    expect(keyed.evaluate(filterInput(event({ slot: '3', region: 'us' })))).toEqual({ matches: false });
    expect(keyed.evaluate(filterInput(event({ region: 'us' }))).error).toBeDefined();
  });
});

describe('filters: the rewrite for speed keeps the meaning', () => {
  const plain = celEnv({ funcs: strings });
  const field = fc.constantFrom('a', 'b', 'n', 's', 'list', 'nested', 'missing');
  const path = fc.array(field, { minLength: 1, maxLength: 3 }).map((parts) => `event.data.${parts.join('.')}`);
  const literal = fc.oneof(
    fc.integer({ min: -3, max: 3 }).map(String),
    fc.constantFrom('1.5', "'x'", "'y'", 'true', 'null', '[1, 2]'),
  );
  const comparison = fc
    .tuple(path, fc.constantFrom('==', '!=', '<', '>', 'in', 'in list', '== reversed'), literal, literal)
    .map(([p, op, l, m]) => {
      if (op === 'in') return `${l} in ${p}`;
      if (op === 'in list') return `${p} in [${l}, ${m}]`;
      if (op === '== reversed') return `${l} == ${p}`;
      return `${p} ${op} ${l}`;
    });
  const macro = path.map((p) => `${p}.exists(v, v == 1)`);
  const hasField = path.map((p) => `has(${p})`);
  const clause = fc.oneof(comparison, macro, hasField);
  const filter = fc
    .array(fc.tuple(clause, fc.constantFrom('&&', '||')), { minLength: 1, maxLength: 4 })
    .map((parts) => parts.map(([c, op], i) => (i === 0 ? c : `${op} ${c}`)).join(' '));
  const value: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
    v: fc.oneof(
      { depthSize: 'small' },
      fc.integer({ min: -3, max: 3 }),
      fc.constantFrom('x', 'y', true, null, 1.5),
      fc.array(tie('v'), { maxLength: 3 }),
      fc.dictionary(field, tie('v'), { maxKeys: 3 }),
    ),
  })).v;
  const data = fc.dictionary(field, value, { maxKeys: 5 });

  it('gives what the evaluator gives on the filter as written', () => {
    fc.assert(
      fc.property(filter, data, (text, d) => {
        const input = filterInput(event(d));
        const expected = plan(plain, parse(text))(input.bindings);
        const outcome = compileFilter(text).evaluate(input);
        if (expected === true || expected === false) expect(outcome).toEqual({ matches: expected });
        else
          expect({ matches: outcome.matches, failed: outcome.error !== undefined }).toEqual({
            matches: false,
            failed: true,
          });
        if (isCelError(expected)) expect(outcome.error?.message).toBe(expected.message);
      }),
      { numRuns: 400 },
    );
  });
});
