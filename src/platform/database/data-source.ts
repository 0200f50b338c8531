import { DataSource, type DataSourceOptions } from 'typeorm';
import type { AppConfig } from '../config/app-config.js';
import { keyRingFromConfig } from '../crypto/key-ring-config.js';
import { SecretBox } from '../crypto/secret-box.js';
import { migrationsFor } from './migrations/index.js';

/** Postgres did not answer, or refused this process (password, certificate): a known start-up failure. */
export class DatabaseUnavailableError extends Error {}

export function dataSourceOptions(config: AppConfig, entities: DataSourceOptions['entities'] = []): DataSourceOptions {
  let box: SecretBox | undefined;
  const migrations = migrationsFor(() => (box ??= new SecretBox(keyRingFromConfig(config))));
  return {
    type: 'postgres',
    url: config.database.url,
    entities,
    migrations,
    migrationsTableName: 'schema_migrations',
    synchronize: false,
    logging: false,
    extra: { max: config.database.poolSize, connectionTimeoutMillis: 10_000 },
  };
}

/** Applies pending migrations; used by `npm run migrate` and, when configured, at start. */
export async function runMigrations(config: AppConfig): Promise<string[]> {
  const source = new DataSource(dataSourceOptions(config));
  await connect(source, config);
  try {
    const applied = await source.runMigrations({ transaction: 'each' });
    return applied.map((m) => m.name);
  } finally {
    await source.destroy();
  }
}

export async function connect(source: DataSource, config: AppConfig): Promise<DataSource> {
  try {
    return await source.initialize();
  } catch (error) {
    const cause = withoutPassword((error as Error).message, config.database.url);
    throw new DatabaseUnavailableError(
      `Postgres is not reachable at DATABASE_URL=${redactUrl(config.database.url)}: ${cause}`,
    );
  }
}

/** The driver's message with the URL's password masked, should a driver ever echo it. */
function withoutPassword(message: string, url: string): string {
  const password = /\/\/[^:/@]+:([^@]+)@/.exec(url)?.[1];
  if (!password) return message;
  let decoded = password;
  try {
    decoded = decodeURIComponent(password);
  } catch {
    // a malformed escape: the raw text is all there is to mask
  }
  return message.split(password).join('***').split(decoded).join('***');
}

export function redactUrl(url: string): string {
  return url.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@');
}
