import fc from 'fast-check';
import { filterInput } from '../../src/modules/filters/filter-input.js';
import { EMPTY_KEY, KEY_MAX_LENGTH, OrderingKeys, storedKey } from '../../src/modules/ordering/ordering-key.js';
import { orderingErrors, orderingSetting } from '../../src/modules/subscriptions/ordering-setting.js';
import { batchShapeErrors } from '../../src/modules/subscriptions/subscription-input.js';

const codes = (value: unknown) => orderingErrors(value).map((e) => [e.field, e.code]);

describe('the ordering setting as written', () => {
  it('takes null, absent, a CEL key or "subscription", with on_exhausted skip or block', () => {
    expect(codes(null)).toEqual([]);
    expect(codes(undefined)).toEqual([]);
    expect(codes({ key: 'event.data.account' })).toEqual([]);
    expect(codes({ key: 'subscription', on_exhausted: 'block' })).toEqual([]);
    expect(orderingSetting({ key: 'event.data.account' })).toEqual({ key: 'event.data.account', on_exhausted: 'skip' });
    expect(orderingSetting(null)).toBeNull();
  });

  it('names each problem on its field', () => {
    expect(codes('event.data.account')).toEqual([['ordering', 'INVALID_TYPE']]);
    expect(codes([])).toEqual([['ordering', 'INVALID_TYPE']]);
    expect(codes({})).toEqual([['ordering.key', 'REQUIRED']]);
    expect(codes({ key: 7 })).toEqual([['ordering.key', 'INVALID_TYPE']]);
    expect(codes({ key: '' })).toEqual([['ordering.key', 'INVALID_VALUE']]);
    expect(codes({ key: 'x'.repeat(2049) })).toEqual([['ordering.key', 'TOO_LONG']]);
    expect(codes({ key: 'a\u0000' })).toEqual([['ordering.key', 'INVALID']]);
    expect(codes({ key: 'event.data.', on_exhausted: 'wait', extra: 1 })).toEqual([
      ['ordering.extra', 'UNKNOWN_FIELD'],
      ['ordering.key', 'INVALID_ORDERING_KEY'],
      ['ordering.on_exhausted', 'INVALID_VALUE'],
    ]);
  });

  it('gives a key that does not compile with where it fails', () => {
    const [error] = orderingErrors({ key: 'event.data.account +' });
    expect(error).toMatchObject({ field: 'ordering.key', code: 'INVALID_ORDERING_KEY', position: { line: 1 } });
    expect(error.message).toMatch(/^line 1, column \d+: /);
  });

  it('refuses a batch whole for an ordering of the wrong shape, and leaves a key CEL refuses to its item', async () => {
    const item = (ordering: unknown) => ({ url: 'https://example.com/h', events: ['order.*'], ordering });
    const shape = async (ordering: unknown) =>
      (await batchShapeErrors([item({ key: 'subscription' }), item(ordering)])).map((e) => [e.field, e.code]);
    expect(await shape({})).toEqual([['[1].ordering.key', 'REQUIRED']]);
    expect(await shape({ key: 'subscription', on_exhausted: 'never' })).toEqual([
      ['[1].ordering.on_exhausted', 'INVALID_VALUE'],
    ]);
    expect(await shape({ key: 'event.data.' })).toEqual([]);
  });
});

describe('an event’s ordering key', () => {
  const keys = new OrderingKeys();
  const subscription = (key: string) => ({
    id: `s-${key}`,
    version: 1,
    ordering: { key, on_exhausted: 'skip' as const },
  });
  const keyOf = (key: string, data: Record<string, unknown>) =>
    keys.keyOf(subscription(key), () =>
      filterInput({ id: 'e1', type: 'order.updated', created_at: '2026-01-01T00:00:00Z', data, metadata: {} }),
    );

  it('is the expression’s value as text: strings as they are, numbers and bools in their plain form', () => {
    expect(keyOf('event.data.account', { account: 'acct-1' })).toEqual({ key: 'acct-1' });
    expect(keyOf('event.data.n', { n: 42 })).toEqual({ key: '42' });
    expect(keyOf('event.data.vip', { vip: true })).toEqual({ key: 'true' });
    expect(keyOf('subscription', { account: 'acct-1' })).toEqual({ key: EMPTY_KEY });
  });

  it('is the empty key, with the reason, when the expression fails or gives no scalar', () => {
    expect(keyOf('event.data.account', {})).toMatchObject({ key: EMPTY_KEY, error: expect.any(String) });
    expect(keyOf('event.data.account', { account: null })).toEqual({ key: EMPTY_KEY, error: 'the key is null' });
    expect(keyOf('event.data.account', { account: ['a'] })).toMatchObject({ key: EMPTY_KEY, error: /not a string/ });
  });

  it('is one stored key per value: short ones as written, long or NUL-holding ones as their SHA-256', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary', maxLength: 400 }),
        fc.string({ unit: 'binary', maxLength: 400 }),
        (a, b) => {
          const [sa, sb] = [storedKey(a), storedKey(b)];
          expect(sa === sb).toBe(a === b);
          expect(sa.length).toBeLessThanOrEqual(Math.max(KEY_MAX_LENGTH, 71));
          expect(sa.includes('\u0000')).toBe(false);
          if (a.length <= KEY_MAX_LENGTH && !a.includes('\u0000')) expect(sa).toBe(a);
        },
      ),
    );
  });
});
