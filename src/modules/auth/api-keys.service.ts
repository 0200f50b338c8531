import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import type { IncomingMessage } from 'node:http';
import { AppConfig } from '../../platform/config/app-config.js';
import type { Scope } from './api-key.entity.js';
import {
  DEFAULT_SCOPES,
  generateApiKey,
  hashApiKey,
  keyPrefix,
  OPERATOR_SCOPES,
  OPERATOR_TENANT,
} from './api-key-token.js';
import { ApiKeysRepository } from './api-keys.repository.js';
import type { AuthenticatedRequest, Principal } from './principal.js';

const BEARER = /^Bearer\s+(\S{1,512})\s*$/i;

@Injectable()
export class ApiKeysService implements OnModuleInit {
  private readonly logger = new Logger('ApiKeys');

  constructor(
    private readonly repository: ApiKeysRepository,
    private readonly config: AppConfig,
  ) {}

  /** API_KEYS seeds development and test keys (hashed, scopes read+write) at every start; OPERATOR_API_KEYS operator keys. */
  async onModuleInit(): Promise<void> {
    for (const key of this.config.operatorApiKeys) {
      await this.repository.insertIfAbsent({
        tenantId: OPERATOR_TENANT,
        name: 'bootstrap (OPERATOR_API_KEYS)',
        keyHash: hashApiKey(key),
        keyPrefix: keyPrefix(key),
        scopes: OPERATOR_SCOPES,
      });
    }
    for (const { tenant, key } of this.config.bootstrapApiKeys) {
      await this.repository.insertIfAbsent({
        tenantId: tenant,
        name: 'bootstrap (API_KEYS)',
        keyHash: hashApiKey(key),
        keyPrefix: keyPrefix(key),
        scopes: DEFAULT_SCOPES,
      });
    }
    if (this.config.bootstrapApiKeys.length) {
      this.logger.log(`seeded ${this.config.bootstrapApiKeys.length} API key(s) from API_KEYS`);
    }
  }

  /** Creates a key; the returned key is the only time it exists outside the caller's hands. */
  async create(tenantId: string, scopes: Scope[], name = ''): Promise<{ key: string; id: string }> {
    const key = generateApiKey();
    const saved = await this.repository.insert({
      tenantId,
      name,
      keyHash: hashApiKey(key),
      keyPrefix: keyPrefix(key),
      scopes,
    });
    return { key, id: saved.id };
  }

  /** Resolves the request's bearer key once; the result (or null) is cached on the request. */
  async principalOf(req: IncomingMessage): Promise<Principal | null> {
    const request = req as AuthenticatedRequest;
    if (request.principal !== undefined) return request.principal;
    const header = req.headers.authorization;
    const match = header ? BEARER.exec(header) : null;
    request.authProblem = !header ? 'missing' : !match ? 'malformed' : undefined;
    const entity = match ? await this.repository.findActiveByHash(hashApiKey(match[1])) : null;
    if (match && !entity) request.authProblem = 'invalid';
    request.principal = entity ? { tenantId: entity.tenantId, keyId: entity.id, scopes: entity.scopes } : null;
    return request.principal;
  }
}
