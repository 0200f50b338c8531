import type { IncomingMessage, ServerResponse } from 'node:http';
import { HttpException, Logger } from '@nestjs/common';
import { AppError, type FieldError } from '../errors/app-error.js';
import { codeForStatus, documentationUrl, ERROR_STATUS, type ErrorCode } from '../errors/error-codes.js';
import { isTransient } from '../errors/transient.js';
import { REQUEST_ID_HEADER, requestIdOf } from './request-id.js';

export interface ErrorBody {
  error: {
    code: ErrorCode;
    message: string;
    details?: FieldError[];
    request_id: string;
    documentation_url: string;
  };
}

const GENERIC_MESSAGE: Partial<Record<ErrorCode, string>> = {
  INTERNAL: 'An internal error occurred. Retrying is safe.',
  SERVICE_UNAVAILABLE: 'The service is temporarily unavailable. Retrying is safe.',
  METHOD_NOT_ALLOWED: 'The method is not allowed on this resource.',
};

const logger = new Logger('HTTP');
/** A dependency's restart or failover usually takes seconds. */
const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/** Anything thrown while serving a request, as the status, headers and body the API answers. */
export function toErrorResponse(
  exception: unknown,
  requestId: string,
): { status: number; headers: Record<string, string>; body: ErrorBody } {
  let code: ErrorCode;
  let message: string;
  let details: FieldError[] = [];
  let headers: Record<string, string> = {};
  if (exception instanceof AppError) {
    ({ code, message, details, headers } = exception);
  } else if (exception instanceof HttpException) {
    code = codeForStatus(exception.getStatus());
    // Framework messages (e.g. "Cannot GET /v1/x") name only what the caller sent.
    message = GENERIC_MESSAGE[code] ?? (code === 'NOT_FOUND' ? exception.message : 'The request was not accepted.');
  } else if (isTransient(exception)) {
    // Postgres or Kafka away: the spec's 503, and when to come back, rather than a 500.
    code = 'SERVICE_UNAVAILABLE';
    message = GENERIC_MESSAGE.SERVICE_UNAVAILABLE!;
    headers = { 'Retry-After': String(UNAVAILABLE_RETRY_AFTER_SECONDS) };
  } else {
    code = 'INTERNAL';
    message = GENERIC_MESSAGE.INTERNAL!;
  }
  const status = ERROR_STATUS[code];
  if (status >= 500) {
    // Logged with the request id; the caller sees only the generic message.
    logger.error(`request ${requestId} failed: ${(exception as Error)?.stack ?? String(exception)}`);
  }
  return {
    status,
    headers,
    body: {
      error: {
        code,
        message,
        ...(details.length ? { details } : {}),
        request_id: requestId,
        documentation_url: documentationUrl(code),
      },
    },
  };
}

/** Writes the error body on a raw Node response (used outside Nest's pipeline and by the filter). */
export function writeError(req: IncomingMessage, res: ServerResponse, exception: unknown): void {
  const requestId = requestIdOf(req);
  const { status, headers, body } = toErrorResponse(exception, requestId);
  if (res.headersSent) {
    res.destroy();
    return;
  }
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.setHeader(REQUEST_ID_HEADER, requestId);
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.statusCode = status;
  res.end(JSON.stringify(body));
}
