import type { Command } from 'commander';
import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import type { AppConfig } from '../../platform/config/app-config.js';
import { KeyRingCheck } from '../../platform/crypto/key-ring-check.js';
import { keyRingFromConfig } from '../../platform/crypto/key-ring-config.js';
import { SealedStores } from '../../platform/crypto/sealed-stores.js';
import { SecretBox } from '../../platform/crypto/secret-box.js';
import { connect, dataSourceOptions } from '../../platform/database/data-source.js';
import { IdempotencyRepository } from '../idempotency/idempotency.repository.js';
import {
  runOperation,
  withConnection,
  type ConnectionOptions,
  type CliOutput,
} from '../operations/cli/operation-commands.js';
import { SubscriptionEntity } from '../subscriptions/subscription.entity.js';
import { SubscriptionsRepository } from '../subscriptions/subscriptions.repository.js';

/** A new key for SECRETS_ENCRYPTION_KEYS: `<id>:<base64 of 32 random bytes>`. */
export function generateKeyEntry(id: string): string {
  if (!/^[A-Za-z0-9_-]{1,32}$/.test(id)) throw new Error('the key id is 1-32 of A-Z a-z 0-9 _ -');
  return `${id}:${randomBytes(32).toString('base64')}`;
}

/**
 * Every sealed store with the key ring of `config`, straight against the database: what the boot
 * check sees. Reports each store's values by key id; throws what would refuse a start.
 */
export async function keyRingStatus(config: AppConfig, out: NodeJS.WritableStream): Promise<void> {
  const box = new SecretBox(keyRingFromConfig(config));
  const source = await connect(new DataSource(dataSourceOptions(config, [SubscriptionEntity])), config);
  try {
    const stores = new SealedStores();
    stores.register(new SubscriptionsRepository(source.getRepository(SubscriptionEntity), source));
    stores.register(new IdempotencyRepository(source, box));
    out.write(`key ring: ${box.keyIds.join(', ')} (new values are sealed with ${box.primaryKeyId})\n`);
    for (const store of stores.all())
      for (const use of await store.census())
        out.write(
          `${store.name}: ${use.values} sealed with ${use.keyId ? `"${use.keyId}"` : 'no key (not encrypted)'}\n`,
        );
    await new KeyRingCheck(stores, box).verify();
  } finally {
    await source.destroy();
  }
}

/**
 * `hookline secrets generate-key | status | re-encrypt`: a key for the ring, what each key seals
 * today, and the operation that moves everything to the newest key (an operator key's, followed
 * with a progress bar).
 */
export function registerSecretsCommands(program: Command, config: () => AppConfig, io: CliOutput = process): void {
  const secrets = program.command('secrets').description('the key ring of secrets at rest');
  secrets
    .command('generate-key')
    .description('print a new key entry <id>:<base64 key> for SECRETS_ENCRYPTION_KEYS (put it first to seal with it)')
    .option('--id <id>', 'the key id', `k${new Date().toISOString().slice(0, 10).replace(/-/g, '')}`)
    .action((o: { id: string }) => {
      io.stdout.write(`${generateKeyEntry(o.id)}\n`);
    });
  secrets
    .command('status')
    .description('how many stored secrets each key seals; fails as a start would when one cannot be opened')
    .action(() => keyRingStatus(config(), io.stdout));
  withConnection(secrets.command('re-encrypt'))
    .description('seal every stored secret again with the newest key (operator key); deliveries go on')
    .action((o: ConnectionOptions) => runOperation(io, o, '/v1/re-encryptions', {}));
}
