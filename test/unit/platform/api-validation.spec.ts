import 'reflect-metadata';
import fc from 'fast-check';
import type { ArgumentMetadata } from '@nestjs/common';
import { AppError, type FieldError } from '../../../src/platform/errors/app-error.js';
import { apiValidationPipe, isDateTime } from '../../../src/platform/http/validation.js';
import { ListQueryDto } from '../../../src/modules/subscriptions/list-query.dto.js';
import { DeliveryLogQuery } from '../../../src/modules/delivery-log/delivery-log.dto.js';

/** The details the API's validation pipe answers with; empty when the value passes. */
async function detailsOf(value: object, metatype: ArgumentMetadata['metatype'], type: 'query' | 'body' = 'query') {
  try {
    await apiValidationPipe.transform(value, { type, metatype });
    return [];
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return error.details.map((d: FieldError) => `${d.field} ${d.code}: ${d.message}`);
  }
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const dateOf = (year: number, month: number, day: number) => `${pad(year, 4)}-${pad(month)}-${pad(day)}T12:00:00Z`;
const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

describe('date-times (format: date-time)', () => {
  it.each(['2026-02-30T00:00:00Z', '2026-11-31T10:00:00Z', '2025-02-29T00:00:00Z', '2026-04-31T00:00:00+02:00'])(
    'refuses %s, a day that is not on the calendar',
    (text) => expect(isDateTime(text)).toBe(false),
  );

  it.each(['2024-02-29T00:00:00Z', '2026-12-31T23:59:59.999Z', '2026-01-31T12:00:00-05:30'])('accepts %s', (text) =>
    expect(isDateTime(text)).toBe(true),
  );

  it('refuses a time of day or an offset out of range, and what is not RFC 3339', () => {
    for (const text of ['2026-01-01T24:00:00Z', '2026-01-01T12:60:00Z', '2026-01-01T12:00:00+24:00', '2026-01-01', 1])
      expect(isDateTime(text)).toBe(false);
  });

  it('accepts a day exactly when it is on the calendar', () => {
    const date = fc.record({
      year: fc.integer({ min: 1, max: 9999 }),
      month: fc.integer({ min: 1, max: 12 }),
      day: fc.integer({ min: 1, max: 31 }),
    });
    fc.assert(
      fc.property(date, ({ year, month, day }) => {
        expect(isDateTime(dateOf(year, month, day))).toBe(day <= daysIn(year, month));
      }),
    );
  });

  it('answers a calendar-invalid date as it answers any invalid date-time', async () => {
    const rolledOver = await detailsOf({ from: '2026-02-30T00:00:00Z' }, DeliveryLogQuery);
    const malformed = await detailsOf({ from: 'yesterday' }, DeliveryLogQuery);
    expect(rolledOver).toEqual(malformed);
    expect(rolledOver).toEqual(['from INVALID: from must be an RFC 3339 date-time such as 2026-01-31T12:00:00Z']);
  });
});

describe('integer query parameters', () => {
  it.each([
    [{ offset: '99999999999999' }, 'offset OUT_OF_RANGE: offset must be an integer from 0 to 100000'],
    [{ offset: '-1' }, 'offset OUT_OF_RANGE: offset must be an integer from 0 to 100000'],
    [{ limit: '9'.repeat(400) }, 'limit OUT_OF_RANGE: limit must be an integer from 1 to 100'],
    [{ limit: '-' + '9'.repeat(40) }, 'limit OUT_OF_RANGE: limit must be an integer from 1 to 100'],
    [{ limit: '0' }, 'limit OUT_OF_RANGE: limit must be an integer from 1 to 100'],
    [{ limit: 'abc' }, 'limit INVALID_TYPE: limit must be an integer from 1 to 100'],
    [{ limit: '1.5' }, 'limit INVALID_TYPE: limit must be an integer from 1 to 100'],
  ])('answers %j with the allowed range', async (query, detail) => {
    expect(await detailsOf(query, ListQueryDto)).toEqual([detail]);
  });

  it('takes every integer in range, and names the range for every integer outside it', async () => {
    await fc.assert(
      fc.asyncProperty(fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }), async (n) => {
        const details = await detailsOf({ offset: String(n) }, ListQueryDto);
        expect(details).toEqual(
          n >= 0n && n <= 100_000n ? [] : ['offset OUT_OF_RANGE: offset must be an integer from 0 to 100000'],
        );
      }),
    );
  });
});
