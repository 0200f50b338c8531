import fc from 'fast-check';
import { publishItems, requestErrors } from '../../../src/modules/publishing/publish-request.js';

describe('publish requests: data as the client wrote it', () => {
  it("cuts each envelope's data out of the raw text, whatever the spacing, nesting and other members", () => {
    const envelope = fc.record({
      id: fc.string(),
      type: fc.constantFrom('order.created', 'payment.failed'),
      data: fc.jsonValue(),
      metadata: fc.dictionary(fc.constantFrom('data', 'x'), fc.string()),
    });
    fc.assert(
      fc.property(
        fc.array(envelope, { minLength: 1, maxLength: 4 }),
        fc.integer({ min: 0, max: 4 }),
        (events, indent) => {
          const single = JSON.stringify(events[0], null, indent);
          const [item] = publishItems(single, JSON.parse(single), false);
          expect(JSON.parse(item.dataText!)).toEqual(JSON.parse(JSON.stringify(events[0].data)));
          expect(single).toContain(`${item.dataText}`);

          const batch = JSON.stringify(events, null, indent);
          const items = publishItems(batch, JSON.parse(batch), true);
          expect(items.map((i) => JSON.parse(i.dataText!))).toEqual(
            JSON.parse(JSON.stringify(events.map((e) => e.data))),
          );
        },
      ),
    );
  });

  it('keeps digits, escapes and spacing byte for byte, and takes the last of repeated data members as JSON does', () => {
    const raw =
      '{"type":"a.b","data":{"x":1},"metadata":{"data":"no"},"data" : { "n": 12345678901234567890, "s":"caf\\u00e9" } }';
    expect(publishItems(raw, JSON.parse(raw), false)[0].dataText).toBe(
      '{ "n": 12345678901234567890, "s":"caf\\u00e9" }',
    );
    const literal = '[{"data":"text"},{"type":"x"},{"data":[1, 2]}]';
    expect(publishItems(literal, JSON.parse(literal), true).map((i) => i.dataText)).toEqual([
      '"text"',
      undefined,
      '[1, 2]',
    ]);
  });

  it('refuses unknown fields, a tenant_id and metadata a header cannot carry', () => {
    expect(requestErrors({ type: 'a.b', data: {}, extra: 1, tenant_id: 't' }).map((e) => [e.field, e.code])).toEqual([
      ['extra', 'UNKNOWN_FIELD'],
      ['tenant_id', 'UNKNOWN_FIELD'],
    ]);
    expect(
      requestErrors(
        { data: {}, metadata: { 'tenant-id': 'x', 'a b': 'y', ok: 'z', n: 1, long: '€'.repeat(1025) } },
        '[3].',
      ).map((e) => [e.field, e.code]),
    ).toEqual([
      ['[3].metadata.tenant-id', 'INVALID'],
      ['[3].metadata.a b', 'INVALID'],
      ['[3].metadata.n', 'INVALID_TYPE'],
      ['[3].metadata.long', 'TOO_LONG'],
    ]);
    expect(requestErrors({ data: {}, metadata: { ok: '😀'.repeat(1024) } })).toEqual([]);
    expect(requestErrors([1], '[0].')).toEqual([
      { field: '[0]', code: 'INVALID_TYPE', message: 'An event must be a JSON object.' },
    ]);
  });
});
