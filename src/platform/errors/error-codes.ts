/**
 * Every error code the API answers with, and its HTTP status. Codes are stable: clients switch on
 * them; messages may change. Each has a section in docs/errors.md (documentation_url).
 */
export const ERROR_STATUS = {
  INVALID_FORMAT: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  NOT_ACCEPTABLE: 406,
  CONFLICT: 409,
  REGISTRY_MANAGED: 409,
  IDEMPOTENCY_KEY_IN_USE: 409,
  SECRET_LIMIT_REACHED: 409,
  SUBSCRIPTION_LIMIT_REACHED: 409,
  PUBLISH_IN_PROGRESS: 409,
  ORDERED_KEY_NOT_BLOCKED: 409,
  ORDERED_KEY_HEAD_MOVED: 409,
  PRECONDITION_FAILED: 412,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  HEADERS_TOO_LARGE: 431,
  VALIDATION_ERROR: 422,
  URL_VERIFICATION_FAILED: 422,
  IDEMPOTENCY_KEY_REUSED: 422,
  BATCH_TOO_LARGE: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
  PUBLISH_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export const DOCUMENTATION_BASE_URL = 'https://github.com/hookline/hookline/blob/main/docs/errors.md';

export const documentationUrl = (code: ErrorCode) => `${DOCUMENTATION_BASE_URL}#${code.toLowerCase()}`;

/** The code a bare HTTP status maps to, for errors raised by the framework rather than by us. */
export function codeForStatus(status: number): ErrorCode {
  const match = (Object.entries(ERROR_STATUS) as [ErrorCode, number][]).find(([, s]) => s === status);
  if (match) return match[0];
  return status >= 500 ? 'INTERNAL' : status === 400 ? 'INVALID_FORMAT' : 'VALIDATION_ERROR';
}
