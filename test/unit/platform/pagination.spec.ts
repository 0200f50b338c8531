import fc from 'fast-check';
import { AppError } from '../../../src/platform/errors/app-error.js';
import { decodeCursor, encodeCursor, mapPage, pageOf, timeAndId } from '../../../src/platform/http/pagination.js';

const anyKeys = (keys: unknown[]) => keys.every((k) => typeof k === 'string' || typeof k === 'number');
const isAfterError = (error: unknown) =>
  error instanceof AppError &&
  error.code === 'VALIDATION_ERROR' &&
  error.details.length === 1 &&
  error.details[0].field === 'after';

describe('cursor codec', () => {
  it('gives back the keys it encoded, for its own kind only', () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.string(),
        fc.array(fc.oneof(fc.string(), fc.integer()), { maxLength: 4 }),
        (kind, other, keys) => {
          const cursor = encodeCursor(kind, keys);
          expect(cursor).toMatch(/^[A-Za-z0-9_-]*$/);
          expect(decodeCursor(cursor, kind, anyKeys)).toEqual(keys);
          if (other !== kind) expect(() => decodeCursor(cursor, other, anyKeys)).toThrow(AppError);
        },
      ),
    );
  });

  it('answers any other text with the validation error on after, never another error', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.base64String()), (text) => {
        let thrown: unknown;
        try {
          decodeCursor(text, 'created_at', timeAndId);
        } catch (error) {
          thrown = error;
        }
        expect(isAfterError(thrown)).toBe(true);
      }),
    );
  });

  it('refuses keys the list does not take: a time and a uuid for time-sorted lists', () => {
    const id = '3f1c0c8e-1d2b-4c3a-9e8f-0a1b2c3d4e5f';
    const good = encodeCursor('created_at', ['2025-01-01T00:00:00.123456Z', id]);
    expect(decodeCursor(good, 'created_at', timeAndId)).toEqual(['2025-01-01T00:00:00.123456Z', id]);
    for (const keys of [['yesterday', id], ['2025-01-01T00:00:00Z', 'not-a-uuid'], ['2025-01-01T00:00:00Z'], [1, id]])
      expect(() => decodeCursor(encodeCursor('created_at', keys), 'created_at', timeAndId)).toThrow(AppError);
  });
});

describe('pages', () => {
  it('shows limit rows, says whether more follow, and makes the cursor from the last row shown', () => {
    const rows = [1, 2, 3, 4];
    expect(pageOf(rows, 3, (last) => `after-${last}`)).toEqual({
      data: [1, 2, 3],
      pagination: { next_cursor: 'after-3', has_more: true },
    });
    expect(pageOf(rows, 4, (last) => `after-${last}`)).toEqual({
      data: rows,
      pagination: { next_cursor: null, has_more: false },
    });
    expect(mapPage(pageOf(rows, 2, String), (n) => n * 10)).toEqual({
      data: [10, 20],
      pagination: { next_cursor: '2', has_more: true },
    });
  });
});
