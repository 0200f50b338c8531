import type { Command } from 'commander';
import { DataSource } from 'typeorm';
import type { AppConfig } from '../../platform/config/app-config.js';
import { connect, dataSourceOptions } from '../../platform/database/data-source.js';
import { ApiKeyEntity, type Scope } from '../auth/api-key.entity.js';
import { ALL_SCOPES } from '../auth/api-key-token.js';
import { ApiKeysRepository } from '../auth/api-keys.repository.js';
import { ApiKeysService } from '../auth/api-keys.service.js';
import { TENANT_ID, toApiKeyResource } from './api-key.dto.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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

/** An ISO 8601 instant in the future; null when none is given (the key never expires). */
export function parseExpiry(text: string | undefined, now = Date.now()): Date | null {
  if (text === undefined) return null;
  const at = Date.parse(text);
  if (Number.isNaN(at)) throw new Error(`--expires-at must be an ISO 8601 time such as 2027-01-31T00:00:00Z`);
  if (at <= now) throw new Error('--expires-at must be later than now');
  return new Date(at);
}

async function withKeys<T>(config: AppConfig, work: (keys: ApiKeysRepository) => Promise<T>): Promise<T> {
  const source = await connect(new DataSource(dataSourceOptions(config, [ApiKeyEntity])), config);
  try {
    return await work(new ApiKeysRepository(source.getRepository(ApiKeyEntity)));
  } finally {
    await source.destroy();
  }
}

/**
 * `hookline api-keys create|list|revoke`, straight against the database (the same rules as
 * /v1/api-keys: keys stored as hashes, revoked keys keep their row). A revocation is refused by
 * every running instance within 2 s. `config` reads the environment when a command runs.
 */
export function registerApiKeyCommands(program: Command, config: () => AppConfig): void {
  const keys = program.command('api-keys').description('manage API keys');
  keys
    .command('create')
    .description('create an API key for a tenant; the key is printed once and stored only as a hash')
    .requiredOption('--tenant <tenant>', 'tenant the key belongs to')
    .option('--scopes <scopes>', 'comma list of read, write, admin, events:publish', 'read,write')
    .option('--name <name>', 'a label to recognise the key by', '')
    .option('--expires-at <time>', 'refused from then on, ISO 8601 (default never)')
    .action(async (o: { tenant: string; scopes: string; name: string; expiresAt?: string }) => {
      if (!TENANT_ID.test(o.tenant)) throw new Error('tenant must be 1-64 letters, digits, ".", "_" or "-"');
      const scopes = parseScopes(o.scopes);
      const expiresAt = parseExpiry(o.expiresAt);
      const settings = config();
      const { id, key } = await withKeys(settings, (repository) =>
        new ApiKeysService(repository, settings).create(o.tenant, scopes, o.name, expiresAt),
      );
      console.error(`created API key ${id} for tenant ${o.tenant}; store it now, it is not shown again:`);
      console.log(key);
    });
  keys
    .command('list')
    .description("a tenant's API keys (every tenant's without --tenant), newest first: prefix, scopes, state")
    .option('--tenant <tenant>', 'only this tenant')
    .option('--limit <n>', 'how many', '100')
    .action(async (o: { tenant?: string; limit: string }) => {
      const rows = await withKeys(config(), (r) => r.list({ tenantId: o.tenant ?? null, limit: Number(o.limit) }));
      for (const { entity } of rows.slice(0, Number(o.limit))) console.log(JSON.stringify(toApiKeyResource(entity)));
    });
  keys
    .command('revoke <id>')
    .description('revoke an API key by its id; every instance refuses it within 2 s, and no restart revives it')
    .action(async (id: string) => {
      if (!UUID.test(id)) throw new Error('give the id of the key (a UUID), as `api-keys list` shows it');
      const revoked = await withKeys(config(), (r) => r.revoke(null, id));
      if (!revoked) throw new Error('no API key has that id');
      console.error(`revoked ${revoked.keyPrefix}… of ${revoked.tenantId}`);
    });
}
