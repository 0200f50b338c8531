#!/usr/bin/env node
import { Command } from 'commander';
import { AppConfig } from './platform/config/app-config.js';
import { runMigrations } from './platform/database/data-source.js';
import { registerApiKeyCommands } from './modules/api-keys/api-key-commands.js';
import { runDemo } from './demo/demo.js';
import { registerOperationCommands } from './modules/operations/cli/operation-commands.js';
import { registerOperatorKeyCommands } from './modules/auth/operator-keys.js';
import { registerSecretsCommands } from './modules/secrets-at-rest/secrets-commands.js';

const program = new Command('hookline').description('Hookline operations command line');

/**
 * The configuration of the commands that touch only Postgres (and the key ring): migrate,
 * api-keys, operator-keys, secrets status. Kafka settings are not read, so one they never use
 * cannot stop them. The demo runs the service through Kafka and loads everything; the operation
 * commands (recover, redrive, report, secrets re-encrypt) go through the API and load nothing.
 */
const databaseOnly = () => AppConfig.fromProcessEnv({ kafka: false });

program
  .command('migrate')
  .description('apply pending database migrations')
  .action(async () => {
    const applied = await runMigrations(databaseOnly());
    console.log(applied.length ? `applied: ${applied.join(', ')}` : 'database is up to date');
  });

program
  .command('demo')
  .description('end to end on the local stack: service, HTTPS receiver, subscription, events, deliveries')
  .action(async () => {
    await runDemo();
  });

registerApiKeyCommands(program, databaseOnly);
registerOperatorKeyCommands(program, databaseOnly);
registerOperationCommands(program);
registerSecretsCommands(program, databaseOnly);

program.parseAsync().catch((error: unknown) => {
  console.error(`hookline: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
