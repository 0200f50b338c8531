import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

export const REQUEST_ID_HEADER = 'X-Request-Id';
const ACCEPTABLE_INCOMING = /^[A-Za-z0-9._:-]{8,128}$/;

type WithId = IncomingMessage & { id?: string };

/**
 * The request's correlation id: the caller's X-Request-Id when it is sane (so ids flow across
 * services), otherwise a new one. Assigned on first use so any code path — including errors raised
 * before routing — answers with the same id.
 */
export function requestIdOf(req: IncomingMessage): string {
  const request = req as WithId;
  if (!request.id) {
    const incoming = req.headers['x-request-id'];
    request.id = typeof incoming === 'string' && ACCEPTABLE_INCOMING.test(incoming) ? incoming : `req_${randomUUID()}`;
  }
  return request.id;
}

/** Express middleware: the id goes out on every response, success or error. */
export function requestIdMiddleware(req: IncomingMessage, res: ServerResponse, next: () => void): void {
  res.setHeader(REQUEST_ID_HEADER, requestIdOf(req));
  next();
}
