import fc from 'fast-check';
import { messageBytes } from '../../../src/platform/kafka/record-size.js';

/** A request is sized by messageBytes: it must never count fewer bytes than the record's text holds. */
describe('a record’s size', () => {
  it('counts text as its UTF-8 bytes, key, value and headers alike', () => {
    expect(messageBytes({ value: '中'.repeat(1000) })).toBe(64 + 3000);
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.string({ unit: 'binary' }), fc.string(), (key, value, header) => {
        const bytes = Buffer.byteLength(key) + Buffer.byteLength(value) + Buffer.byteLength(header);
        expect(messageBytes({ key, value, headers: { h: header } })).toBeGreaterThanOrEqual(bytes);
        expect(messageBytes({ key: Buffer.from(key), value: Buffer.from(value) })).toBe(
          64 + Buffer.byteLength(key) + Buffer.byteLength(value),
        );
      }),
    );
  });
});
