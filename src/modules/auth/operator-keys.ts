import { randomUUID } from 'node:crypto';
import type { Command } from 'commander';
import { DataSource } from 'typeorm';
import type { AppConfig } from '../../platform/config/app-config.js';
import { connect, dataSourceOptions } from '../../platform/database/data-source.js';
import { ApiKeyEntity } from './api-key.entity.js';
import { generateApiKey, hashApiKey, keyPrefix, OPERATOR_SCOPES, OPERATOR_TENANT } from './api-key-token.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function withKeys<T>(config: AppConfig, work: (source: DataSource) => Promise<T>): Promise<T> {
  const source = await connect(new DataSource(dataSourceOptions(config, [ApiKeyEntity])), config);
  try {
    return await work(source);
  } finally {
    await source.destroy();
  }
}

/** `hookline operator-keys create`: an operator key, stored as its hash like tenant keys. */
export function createOperatorKey(config: AppConfig, name: string): Promise<{ id: string; key: string }> {
  return withKeys(config, async (source) => {
    const key = generateApiKey();
    const id = randomUUID();
    await source.getRepository(ApiKeyEntity).insert({
      id,
      tenantId: OPERATOR_TENANT,
      name,
      keyHash: hashApiKey(key),
      keyPrefix: keyPrefix(key),
      scopes: OPERATOR_SCOPES,
    });
    return { id, key };
  });
}

/** Revokes an operator key by id, or by the key itself (so a bootstrap key can be revoked too). */
export function revokeOperatorKey(config: AppConfig, idOrKey: string): Promise<boolean> {
  return withKeys(config, async (source) => {
    const where = UUID.test(idOrKey) ? 'id = $1' : 'key_hash = $1';
    const [, affected] = (await source.query(
      `UPDATE api_keys SET revoked_at = now()
        WHERE ${where} AND tenant_id = $2 AND 'operator' = ANY(scopes) AND revoked_at IS NULL`,
      [UUID.test(idOrKey) ? idOrKey : hashApiKey(idOrKey), OPERATOR_TENANT],
    )) as [unknown, number];
    return affected > 0;
  });
}

/** `config` reads the environment when a command runs (the CLI's entry point, through AppConfig.fromProcessEnv). */
export function registerOperatorKeyCommands(program: Command, config: () => AppConfig): void {
  const keys = program.command('operator-keys').description('manage operator keys (they change the event catalog)');
  keys
    .command('create')
    .description('create an operator key; printed once and stored only as a hash')
    .option('--name <name>', 'a label to recognise the key by', '')
    .action(async (options: { name: string }) => {
      const { id, key } = await createOperatorKey(config(), options.name);
      console.error(`created operator key ${id}; store it now, it is not shown again:`);
      console.log(key);
    });
  keys
    .command('revoke <id-or-key>')
    .description('revoke an operator key by its id or the key itself')
    .action(async (idOrKey: string) => {
      if (!(await revokeOperatorKey(config(), idOrKey))) {
        throw new Error('no active operator key has that id or key');
      }
      console.error('revoked');
    });
}
