import { Injectable, type NestMiddleware } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ApiKeysService } from './api-keys.service.js';

/** Resolves the caller before routing, so rate limits apply per key even to unknown routes. */
@Injectable()
export class ApiKeyMiddleware implements NestMiddleware {
  constructor(private readonly keys: ApiKeysService) {}

  async use(req: IncomingMessage, _res: ServerResponse, next: () => void): Promise<void> {
    await this.keys.principalOf(req);
    next();
  }
}
