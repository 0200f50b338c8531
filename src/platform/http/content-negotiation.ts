import type { IncomingMessage, ServerResponse } from 'node:http';
import { AppError } from '../errors/app-error.js';
import { failEarly } from './deferred-error.js';
import { acceptsJson } from './media-type.js';

/** Every API answer is JSON; a client that accepts none gets 406 before any work is done. */
export function contentNegotiationMiddleware(deferErrors: boolean) {
  return (req: IncomingMessage, res: ServerResponse, next: () => void): void => {
    if (acceptsJson(req.headers.accept)) return next();
    failEarly(deferErrors, req, res, next, new AppError('NOT_ACCEPTABLE', 'This API produces application/json only.'));
  };
}
