import type { IncomingMessage, ServerResponse } from 'node:http';
import { AppError } from '../errors/app-error.js';
import { failEarly } from './deferred-error.js';
import { acceptsJson } from './media-type.js';

/** Paths of routes that can also produce another format (a CSV report): they negotiate themselves. */
const selfNegotiating: RegExp[] = [];

/** Lets a route answer its own 406 (it produces more than JSON); registered by the route's module. */
export function negotiatesItself(path: RegExp): void {
  selfNegotiating.push(path);
}

/** Every API answer is JSON; a client that accepts none gets 406 before any work is done. */
export function contentNegotiationMiddleware(deferErrors: boolean) {
  return (req: IncomingMessage, res: ServerResponse, next: () => void): void => {
    if (acceptsJson(req.headers.accept)) return next();
    const path = (req.url ?? '').split('?')[0];
    if (req.method === 'GET' && selfNegotiating.some((p) => p.test(path))) return next();
    failEarly(deferErrors, req, res, next, new AppError('NOT_ACCEPTABLE', 'This API produces application/json only.'));
  };
}
