import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import type { IncomingMessage } from 'node:http';
import { AppConfig } from '../../platform/config/app-config.js';
import type { ApiKeyEntity, Scope } from './api-key.entity.js';
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

/**
 * How long this instance trusts a key it looked up: a revocation on any instance takes effect here
 * within this (plus one lookup), under the 2 s the API promises. Only valid keys are held.
 */
export const KEY_LOOKUP_TTL_MS = 1_000;
/** last_used_at is written at most once a minute per key. */
const LAST_USED_EVERY_MS = 60_000;

interface HeldKey {
  principal: Principal;
  expiresAt: number | null;
}

@Injectable()
export class ApiKeysService implements OnModuleInit {
  private readonly logger = new Logger('ApiKeys');
  private readonly held = new LRUCache<string, HeldKey>({ max: 10_000, ttl: KEY_LOOKUP_TTL_MS });
  private readonly recentlyUsed = new LRUCache<string, true>({ max: 10_000, ttl: LAST_USED_EVERY_MS });

  constructor(
    private readonly repository: ApiKeysRepository,
    private readonly config: AppConfig,
  ) {}

  /**
   * API_KEYS (development and test keys, scopes read+write) and OPERATOR_API_KEYS are created once,
   * stored hashed; a start never revives one that was revoked since, and says so.
   */
  async onModuleInit(): Promise<void> {
    const seeds = [
      ...this.config.api.operatorKeys.map((key) => ({ tenant: OPERATOR_TENANT, key, operator: true })),
      ...this.config.api.bootstrapKeys.map(({ tenant, key }) => ({ tenant, key, operator: false })),
    ];
    for (const { tenant, key, operator } of seeds) {
      await this.repository.insertIfAbsent({
        tenantId: tenant,
        name: operator ? 'bootstrap (OPERATOR_API_KEYS)' : 'bootstrap (API_KEYS)',
        keyHash: hashApiKey(key),
        keyPrefix: keyPrefix(key),
        scopes: operator ? OPERATOR_SCOPES : DEFAULT_SCOPES,
      });
    }
    for (const revoked of await this.repository.revokedAmong(seeds.map((s) => hashApiKey(s.key))))
      this.logger.warn(`configured key ${revoked.keyPrefix}… of ${revoked.tenantId} is revoked and stays revoked`);
    if (this.config.api.bootstrapKeys.length) {
      this.logger.log(`${this.config.api.bootstrapKeys.length} API key(s) of API_KEYS present`);
    }
  }

  /** Creates a key; the returned key is the only time it exists outside the caller's hands. */
  async create(
    tenantId: string,
    scopes: Scope[],
    name = '',
    expiresAt: Date | null = null,
  ): Promise<{ key: string; id: string; entity: ApiKeyEntity }> {
    const key = generateApiKey();
    const entity = await this.repository.insert({
      tenantId,
      name,
      keyHash: hashApiKey(key),
      keyPrefix: keyPrefix(key),
      scopes,
      expiresAt,
    });
    return { key, id: entity.id, entity };
  }

  /** Resolves the request's bearer key once; the result (or null) is cached on the request. */
  async principalOf(req: IncomingMessage): Promise<Principal | null> {
    const request = req as AuthenticatedRequest;
    if (request.principal !== undefined) return request.principal;
    const header = req.headers.authorization;
    const match = header ? BEARER.exec(header) : null;
    request.authProblem = !header ? 'missing' : !match ? 'malformed' : undefined;
    request.principal = null;
    if (!match) return null;
    const key = await this.lookUp(hashApiKey(match[1]));
    if (!key) request.authProblem = 'invalid';
    else if (key.expiresAt !== null && key.expiresAt <= Date.now()) {
      request.authProblem = 'expired';
      request.authExpiredAt = key.expiresAt;
    } else {
      request.principal = key.principal;
      this.noteUse(key.principal.keyId);
    }
    return request.principal;
  }

  /** A key revoked here stops working here at once (elsewhere within KEY_LOOKUP_TTL_MS). */
  forget(keyId: string): void {
    for (const [hash, key] of this.held.entries()) if (key.principal.keyId === keyId) this.held.delete(hash);
  }

  private async lookUp(keyHash: string): Promise<HeldKey | undefined> {
    const held = this.held.get(keyHash);
    if (held) return held;
    const entity = await this.repository.findUnrevokedByHash(keyHash);
    if (!entity) return undefined;
    const key = toHeld(entity);
    this.held.set(keyHash, key);
    return key;
  }

  private noteUse(keyId: string): void {
    if (this.recentlyUsed.has(keyId)) return;
    this.recentlyUsed.set(keyId, true);
    this.repository
      .touchLastUsed(keyId)
      .catch((error: Error) => this.logger.warn(`last_used_at of key ${keyId} not written: ${error.message}`));
  }
}

const toHeld = (entity: ApiKeyEntity): HeldKey => ({
  principal: { tenantId: entity.tenantId, keyId: entity.id, scopes: entity.scopes },
  expiresAt: entity.expiresAt?.getTime() ?? null,
});
