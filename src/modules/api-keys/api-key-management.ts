import { Injectable } from '@nestjs/common';
import { AppError } from '../../platform/errors/app-error.js';
import { decodeCursor, encodeCursor, mapPage, pageOf, timeAndId, type Page } from '../../platform/http/pagination.js';
import type { ApiKeyEntity, Scope } from '../auth/api-key.entity.js';
import { ApiKeysRepository } from '../auth/api-keys.repository.js';
import { ApiKeysService } from '../auth/api-keys.service.js';
import type { Principal } from '../auth/principal.js';

const LIST_SORT = '-created_at';

export interface NewKeyRequest {
  name: string;
  scopes: Scope[];
  expiresAt: Date | null;
  /** Operators name the tenant; an admin key manages its own. */
  tenantId?: string;
}

export const isOperator = (p: Principal) => p.scopes.includes('operator');

/**
 * API keys as a resource: created (the key shown once), listed by prefix, revoked. An admin key
 * manages its own tenant's keys; an operator key any tenant's, naming it.
 */
@Injectable()
export class ApiKeyManagement {
  constructor(
    private readonly repository: ApiKeysRepository,
    private readonly keys: ApiKeysService,
  ) {}

  async create(caller: Principal, request: NewKeyRequest): Promise<{ entity: ApiKeyEntity; key: string }> {
    const tenantId = this.tenantOf(caller, request.tenantId);
    if (tenantId === null)
      throw AppError.validation([
        { field: 'tenant_id', code: 'REQUIRED', message: 'an operator key names the tenant the key is for' },
      ]);
    if (request.expiresAt && request.expiresAt.getTime() <= Date.now())
      throw AppError.validation([
        { field: 'expires_at', code: 'IN_THE_PAST', message: 'expires_at must be later than now' },
      ]);
    const { entity, key } = await this.keys.create(tenantId, request.scopes, request.name, request.expiresAt);
    return { entity, key };
  }

  async list(
    caller: Principal,
    query: { tenantId?: string; after?: string; limit?: number },
  ): Promise<Page<ApiKeyEntity>> {
    const tenantId = this.tenantOf(caller, query.tenantId);
    const limit = query.limit ?? 20;
    const keys = query.after ? decodeCursor<[string, string]>(query.after, LIST_SORT, timeAndId) : undefined;
    const before = keys && { value: keys[0], id: keys[1] };
    const rows = await this.repository.list({ tenantId, before, limit });
    const page = pageOf(rows, limit, (last) => encodeCursor(LIST_SORT, [last.sortKey, last.entity.id]));
    return mapPage(page, (row) => row.entity);
  }

  /** Revokes at once on this instance, within a second on the others; revoking twice is no error. */
  async revoke(caller: Principal, id: string): Promise<ApiKeyEntity> {
    const revoked = await this.repository.revoke(isOperator(caller) ? null : caller.tenantId, id);
    if (!revoked) throw AppError.notFound('The API key');
    this.keys.forget(revoked.id);
    return revoked;
  }

  /** The tenant a call is about: the admin's own; for an operator the one named, or null (every tenant). */
  private tenantOf(caller: Principal, named: string | undefined): string | null {
    if (isOperator(caller)) return named ?? null;
    if (named !== undefined && named !== caller.tenantId)
      throw new AppError('FORBIDDEN', 'Only an operator key may name another tenant: an admin key manages its own.');
    return caller.tenantId;
  }
}
