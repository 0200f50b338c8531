import fc from 'fast-check';
import { isTimestamp, utcInstant } from '../../../src/modules/events/envelope.js';

const two = (n: number) => String(n).padStart(2, '0');

/** created_at as producers write it: any offset within a day, with or without a colon, up to nanoseconds. */
const createdAt = fc
  .record({
    instant: fc.date({
      min: new Date('1970-01-02T00:00:00Z'),
      max: new Date('9998-12-30T00:00:00Z'),
      noInvalidDate: true,
    }),
    fraction: fc.option(fc.stringMatching(/^\d{1,9}$/), { nil: undefined }),
    offset: fc.integer({ min: -(23 * 60 + 59), max: 23 * 60 + 59 }),
    colon: fc.boolean(),
  })
  .map(({ instant, fraction, offset, colon }) => {
    const local = new Date(instant.getTime() + offset * 60_000).toISOString().slice(0, 19);
    const zone = `${offset < 0 ? '-' : '+'}${two(Math.floor(Math.abs(offset) / 60))}${colon ? ':' : ''}${two(Math.abs(offset) % 60)}`;
    return { text: `${local}${fraction === undefined ? '' : `.${fraction}`}${zone}`, instant, fraction };
  });

describe('created_at as Postgres stores it', () => {
  it('is the same instant in UTC, whatever the offset, with its fraction of a second whole', () => {
    fc.assert(
      fc.property(createdAt, ({ text, instant, fraction }) => {
        expect(isTimestamp(text)).toBe(true);
        const utc = utcInstant(text);
        expect(utc).toBe(`${instant.toISOString().slice(0, 19)}${fraction === undefined ? '' : `.${fraction}`}Z`);
      }),
      { numRuns: 500 },
    );
  });

  it('turns the offsets Postgres refuses into ones it takes', () => {
    expect(utcInstant('2026-11-22T10:00:00+23:59')).toBe('2026-11-21T10:01:00Z');
    expect(utcInstant('2026-11-22T10:00:00.123456789-1600')).toBe('2026-11-23T02:00:00.123456789Z');
    expect(utcInstant('2026-11-22T10:00Z')).toBe('2026-11-22T10:00:00Z');
  });
});
