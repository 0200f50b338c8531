import { parseDuration, parseDurationList } from '../duration.js';

/** A comma list as its trimmed, non-empty items. */
export const list = (text: string): string[] =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** Freezes a section and its nested objects and arrays, so a caller cannot change what others read. */
export function frozen<T extends object>(section: T): T {
  for (const value of Object.values(section))
    if (value !== null && typeof value === 'object' && !Buffer.isBuffer(value)) frozen(value as object);
  return Object.freeze(section);
}

export { parseDuration, parseDurationList };
