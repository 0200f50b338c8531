import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { IsNull, Repository } from 'typeorm';
import { ApiKeyEntity, type Scope } from './api-key.entity.js';

export interface NewApiKey {
  tenantId: string;
  name: string;
  keyHash: string;
  keyPrefix: string;
  scopes: Scope[];
}

/** API keys in Postgres. Lookup by hash is the one query without a tenant: it is how the tenant is found. */
@Injectable()
export class ApiKeysRepository {
  constructor(@InjectRepository(ApiKeyEntity) private readonly keys: Repository<ApiKeyEntity>) {}

  findActiveByHash(keyHash: string): Promise<ApiKeyEntity | null> {
    return this.keys.findOneBy({ keyHash, revokedAt: IsNull() });
  }

  async insert(key: NewApiKey): Promise<ApiKeyEntity> {
    const entity = this.keys.create({ id: randomUUID(), ...key, revokedAt: null, lastUsedAt: null });
    return this.keys.save(entity);
  }

  /** Inserts unless a key with that hash exists already (bootstrap keys are re-seeded on every start). */
  async insertIfAbsent(key: NewApiKey): Promise<void> {
    await this.keys
      .createQueryBuilder()
      .insert()
      .values({ id: randomUUID(), ...key })
      .orIgnore()
      .execute();
  }
}
