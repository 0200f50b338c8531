/** Where in the filter's text a problem is: offset from 0, line and column from 1. */
export interface FilterPosition {
  offset: number;
  line: number;
  column: number;
}

/** A filter that cannot be compiled: the message and where its text is at fault. */
export class FilterError extends Error {
  constructor(
    message: string,
    readonly position: FilterPosition,
  ) {
    super(message);
    this.name = 'FilterError';
  }
}

/** The position of a character offset in `source`. */
export function positionAt(source: string, offset: number): FilterPosition {
  const clamped = Math.max(0, Math.min(offset, source.length));
  const before = source.slice(0, clamped);
  const lineStart = before.lastIndexOf('\n') + 1;
  return { offset: clamped, line: before.split('\n').length, column: clamped - lineStart + 1 };
}

/** "line 1, column 19: …", the form messages quote a position in. */
export const describeAt = (position: FilterPosition, message: string) =>
  `line ${position.line}, column ${position.column}: ${message}`;
