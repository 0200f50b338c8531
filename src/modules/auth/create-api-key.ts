import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import type { AppConfig } from '../../platform/config/app-config.js';
import { connect, dataSourceOptions } from '../../platform/database/data-source.js';
import { ApiKeyEntity, type Scope } from './api-key.entity.js';
import { ALL_SCOPES, generateApiKey, hashApiKey, keyPrefix } from './api-key-token.js';

const TENANT = /^[A-Za-z0-9._-]{1,64}$/;

/** Parses a comma list of scopes; refuses unknown ones so a typo never creates a useless key. */
export function parseScopes(text: string): Scope[] {
  const scopes = [
    ...new Set(
      text
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
  const unknown = scopes.filter((s) => !(ALL_SCOPES as readonly string[]).includes(s));
  if (unknown.length || scopes.length === 0) {
    throw new Error(`scopes must be a comma list of ${ALL_SCOPES.join(', ')}; got "${text}"`);
  }
  return scopes as Scope[];
}

/** `hookline api-keys create`: stores the hash, returns the key (printed once by the CLI). */
export async function createApiKey(config: AppConfig, tenantId: string, scopes: Scope[], name: string) {
  if (!TENANT.test(tenantId)) throw new Error('tenant must be 1-64 letters, digits, ".", "_" or "-"');
  const source = await connect(new DataSource(dataSourceOptions(config, [ApiKeyEntity])), config);
  try {
    const key = generateApiKey();
    const id = randomUUID();
    await source.getRepository(ApiKeyEntity).insert({
      id,
      tenantId,
      name,
      keyHash: hashApiKey(key),
      keyPrefix: keyPrefix(key),
      scopes,
    });
    return { id, key };
  } finally {
    await source.destroy();
  }
}
