import { AppError } from '../errors/app-error.js';

/** A position in a sorted list: the sort it belongs to, the sort key of the last row and its id. */
export interface Cursor {
  sort: string;
  value: string;
  id: string;
}

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.sort, cursor.value, cursor.id])).toString('base64url');
}

const invalid = () =>
  AppError.validation([
    { field: 'after', code: 'INVALID', message: 'after must be a next_cursor returned by this list' },
  ]);

/** Decodes a cursor; one made for another sort, or tampered with, is a validation error. */
export function decodeCursor(text: string, sort: string): Cursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (!Array.isArray(parsed) || parsed.length !== 3 || !parsed.every((p) => typeof p === 'string')) throw invalid();
  const [cursorSort, value, id] = parsed as string[];
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  if (cursorSort !== sort || !uuid.test(id) || Number.isNaN(Date.parse(value))) throw invalid();
  return { sort, value, id };
}
