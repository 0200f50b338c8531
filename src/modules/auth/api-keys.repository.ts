import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { In, IsNull, Repository } from 'typeorm';
import { ApiKeyEntity, type Scope } from './api-key.entity.js';

export interface NewApiKey {
  tenantId: string;
  name: string;
  keyHash: string;
  keyPrefix: string;
  scopes: Scope[];
  expiresAt?: Date | null;
}

export interface KeyListCriteria {
  /** null: every tenant's keys (an operator's listing). */
  tenantId: string | null;
  before?: { value: string; id: string };
  limit: number;
}

const ISO_MICROS = `'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'`;
/** last_used_at moves at most once a minute, whatever the traffic and however many instances serve it. */
const LAST_USED_RESOLUTION = `interval '1 minute'`;

/**
 * API keys in Postgres. Lookup by hash is the one query without a tenant: it is how the tenant is
 * found; an operator's listing and revocation (tenantId null) are deployment-wide by design.
 */
@Injectable()
export class ApiKeysRepository {
  constructor(@InjectRepository(ApiKeyEntity) private readonly keys: Repository<ApiKeyEntity>) {}

  /** The key with this hash unless revoked (an expired one is returned: the caller says why it is refused). */
  findUnrevokedByHash(keyHash: string): Promise<ApiKeyEntity | null> {
    return this.keys.findOneBy({ keyHash, revokedAt: IsNull() });
  }

  async insert(key: NewApiKey): Promise<ApiKeyEntity> {
    const entity = this.keys.create({ id: randomUUID(), expiresAt: null, ...key, revokedAt: null, lastUsedAt: null });
    return this.keys.save(entity);
  }

  /**
   * Inserts unless a key with that hash exists already, revoked or not: configured keys are created
   * once, and a revoked one is never revived by the next start.
   */
  async insertIfAbsent(key: NewApiKey): Promise<void> {
    await this.keys
      .createQueryBuilder()
      .insert()
      .values({ id: randomUUID(), ...key })
      .orIgnore()
      .execute();
  }

  /** Of these hashes, the revoked ones. */
  async revokedAmong(keyHashes: string[]): Promise<ApiKeyEntity[]> {
    if (keyHashes.length === 0) return [];
    const rows = await this.keys.findBy({ keyHash: In(keyHashes) });
    return rows.filter((k) => k.revokedAt !== null);
  }

  /** Newest first, one more than `limit` (whether more follow), each row's exact sort key for cursors. */
  async list(c: KeyListCriteria): Promise<{ entity: ApiKeyEntity; sortKey: string }[]> {
    const query = this.keys
      .createQueryBuilder('k')
      .addSelect(`to_char(k.created_at AT TIME ZONE 'UTC', ${ISO_MICROS})`, 'sort_key');
    if (c.tenantId !== null) query.where('k.tenant_id = :tenantId', { tenantId: c.tenantId });
    if (c.before)
      query.andWhere('(k.created_at, k.id) < (:value::timestamptz, :id::uuid)', {
        value: c.before.value,
        id: c.before.id,
      });
    query
      .orderBy('k.created_at', 'DESC')
      .addOrderBy('k.id', 'DESC')
      .limit(c.limit + 1);
    const { entities, raw } = await query.getRawAndEntities<{ sort_key: string }>();
    return entities.map((entity, i) => ({ entity, sortKey: raw[i].sort_key }));
  }

  /** Revokes a key of the tenant (any tenant's when null); the row stays. False when there is no such key. */
  async revoke(tenantId: string | null, id: string): Promise<ApiKeyEntity | null> {
    const where = tenantId === null ? { id } : { id, tenantId };
    const found = await this.keys.findOneBy(where);
    if (!found) return null;
    if (found.revokedAt === null) {
      await this.keys
        .createQueryBuilder()
        .update()
        .set({ revokedAt: () => 'now()' })
        .where('id = :id AND revoked_at IS NULL', { id })
        .execute();
    }
    return this.keys.findOneByOrFail({ id });
  }

  /** Marks the key used now, unless that was written less than a minute ago (by this instance or another). */
  async touchLastUsed(id: string): Promise<void> {
    await this.keys.query(
      `UPDATE api_keys SET last_used_at = now()
        WHERE id = $1 AND (last_used_at IS NULL OR last_used_at < now() - ${LAST_USED_RESOLUTION})`,
      [id],
    );
  }
}
