import { DataSource } from 'typeorm';
import type { AppConfig } from '../platform/config/app-config.js';
import { keyRingFromConfig } from '../platform/crypto/key-ring-config.js';
import { connect, dataSourceOptions } from '../platform/database/data-source.js';

/**
 * The commonest start-up failures, checked before Nest builds the modules: there, each would come
 * out as Nest's stack trace (the ExceptionHandler's, TypeOrmModule's) before main's one line. Here
 * they throw the same known errors (MissingKeyRingError, DatabaseUnavailableError), which main
 * reports as one line naming the setting and the cause.
 */
export async function preflight(config: AppConfig): Promise<void> {
  keyRingFromConfig(config);
  // The options the database module uses (TLS from the URL included), so a certificate or a
  // password it would refuse is refused here first.
  const source = new DataSource(dataSourceOptions(config));
  await connect(source, config);
  await source.destroy();
}
