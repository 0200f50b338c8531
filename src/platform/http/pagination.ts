import { ApiProperty } from '@nestjs/swagger';
import { AppError } from '../errors/app-error.js';

/** One page of a collection, as every list of the API answers it. */
export interface Page<T> {
  data: T[];
  pagination: { next_cursor: string | null; has_more: boolean };
}

/** The OpenAPI shape of a page's `pagination` (each list's page class names its own items). */
export class Pagination {
  @ApiProperty({ type: 'string', nullable: true, description: 'Pass as `after` for the next page' })
  next_cursor: string | null;
  @ApiProperty() has_more: boolean;
}

/**
 * The page of rows read with limit + 1 (the extra row only says more follow); the next cursor is
 * made from the last row shown.
 */
export function pageOf<R>(rows: readonly R[], limit: number, cursorOf: (last: R) => string): Page<R> {
  const data = rows.slice(0, limit);
  const hasMore = rows.length > limit && data.length > 0;
  return { data, pagination: { next_cursor: hasMore ? cursorOf(data[data.length - 1]) : null, has_more: hasMore } };
}

/** The same page, each item shown as `view` says. */
export function mapPage<T, U>(page: Page<T>, view: (item: T) => U): Page<U> {
  // Called with the item alone: a view with optional parameters must not receive map's index.
  return { data: page.data.map((item) => view(item)), pagination: page.pagination };
}

/** What a cursor holds after its list's kind: the sort keys of the last row shown. */
export type CursorKeys = (string | number)[];

/**
 * An opaque cursor: the list's kind (which list and sort it belongs to) and the last row's sort
 * keys, as base64url JSON. Not a secret: a client may read it, and every decoded key is checked.
 */
export function encodeCursor(kind: string, keys: CursorKeys): string {
  return Buffer.from(JSON.stringify([kind, ...keys])).toString('base64url');
}

/**
 * The keys of a cursor this list issued. One of another list or sort, tampered with, or whose keys
 * `valid` refuses is the spec's validation error on `after`, never a 500.
 */
export function decodeCursor<K extends CursorKeys>(text: string, kind: string, valid: (keys: unknown[]) => boolean): K {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    parsed = undefined;
  }
  if (!Array.isArray(parsed) || parsed[0] !== kind || !valid(parsed.slice(1))) {
    throw AppError.validation([
      { field: 'after', code: 'INVALID', message: 'after must be a next_cursor returned by this list' },
    ]);
  }
  return parsed.slice(1) as K;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The keys of a list sorted by a time and then the row's uuid: [time, id]. */
export const timeAndId = (keys: unknown[]): boolean =>
  keys.length === 2 &&
  typeof keys[0] === 'string' &&
  !Number.isNaN(Date.parse(keys[0])) &&
  typeof keys[1] === 'string' &&
  UUID.test(keys[1]);
