import type { IncomingMessage, ServerResponse } from 'node:http';
import { writeError } from './error-response.js';

type WithDeferred = IncomingMessage & { deferredError?: unknown };

/**
 * Errors found before routing (406, 415, 413, malformed JSON) are answered only after the caller
 * has been identified and counted, so those answers carry the rate-limit headers too. Without
 * the API role there is no such step and they are answered at once.
 */
export function failEarly(defer: boolean, req: IncomingMessage, res: ServerResponse, next: () => void, error: unknown) {
  if (!defer) return writeError(req, res, error);
  (req as WithDeferred).deferredError ??= error;
  next();
}

/** Express/Nest middleware: raises the deferred error, if any, at the point it was deferred to. */
export function raiseDeferredError(req: IncomingMessage, _res: ServerResponse, next: () => void): void {
  const error = (req as WithDeferred).deferredError;
  if (error !== undefined) throw error;
  next();
}
