import { ERROR_STATUS, type ErrorCode } from './error-codes.js';

/** One field-level problem; all of them are reported together. */
export interface FieldError {
  /** Path of the field in the request, e.g. `url`, `events[2]`, `metadata.team`, or `body`. */
  field: string;
  code: string;
  message: string;
  /** Where in the field's text the problem is (a filter's syntax error). */
  position?: { offset: number; line: number; column: number };
}

/**
 * The error services throw: a stable code, a human message and optional field details. Services
 * never throw HTTP exceptions; the API's exception filter turns this into the error body, and the
 * pipeline can read the same code.
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details: FieldError[] = [],
    /** Response headers the error implies, e.g. Retry-After on RATE_LIMITED. */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }

  static validation(details: FieldError[], message = 'The request is not valid; see details.'): AppError {
    return new AppError('VALIDATION_ERROR', message, details);
  }

  static notFound(what: string): AppError {
    return new AppError('NOT_FOUND', `${what} was not found.`);
  }
}
