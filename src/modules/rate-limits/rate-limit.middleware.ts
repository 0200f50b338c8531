import { Injectable, type NestMiddleware } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { AppError } from '../../platform/errors/app-error.js';
import type { AuthenticatedRequest } from '../auth/principal.js';
import { RateLimitService } from './rate-limit.service.js';

/**
 * Counts every API request against its key (callers without a valid key share their client
 * address's budget) and sets the X-RateLimit-* headers on the response, whatever its outcome.
 */
@Injectable()
export class RateLimitMiddleware implements NestMiddleware {
  constructor(private readonly limits: RateLimitService) {}

  async use(req: IncomingMessage, res: ServerResponse, next: () => void): Promise<void> {
    const principal = (req as AuthenticatedRequest).principal;
    const bucket = principal ? `key:${principal.keyId}` : `ip:${req.socket.remoteAddress ?? 'unknown'}`;
    const decision = await this.limits.consume(bucket);
    for (const [name, value] of Object.entries(decision.headers)) res.setHeader(name, value);
    if (!decision.allowed) {
      throw new AppError('RATE_LIMITED', 'Too many requests; retry after the time in Retry-After.', [], {
        'Retry-After': decision.headers['Retry-After'],
      });
    }
    next();
  }
}
