import { Command } from 'commander';
import { AppConfig } from './platform/config/app-config.js';
import { runMigrations } from './platform/database/data-source.js';
import { registerApiKeyCommands } from './modules/api-keys/api-key-commands.js';
import { runDemo } from './demo/demo.js';
import { registerOperationCommands } from './modules/operations/cli/operation-commands.js';
import { registerOperatorKeyCommands } from './modules/auth/operator-keys.js';
import { registerSecretsCommands } from './modules/secrets-at-rest/secrets-commands.js';

const program = new Command('hookline').description('Hookline operations command line');

program
  .command('migrate')
  .description('apply pending database migrations')
  .action(async () => {
    const applied = await runMigrations(AppConfig.fromProcessEnv());
    console.log(applied.length ? `applied: ${applied.join(', ')}` : 'database is up to date');
  });

program
  .command('demo')
  .description('end to end on the local stack: service, HTTPS receiver, subscription, events, deliveries')
  .action(async () => {
    await runDemo();
  });

registerApiKeyCommands(program, () => AppConfig.fromProcessEnv());
registerOperatorKeyCommands(program, () => AppConfig.fromProcessEnv());
registerOperationCommands(program);
registerSecretsCommands(program, () => AppConfig.fromProcessEnv());

program.parseAsync().catch((error: unknown) => {
  console.error(`hookline: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
