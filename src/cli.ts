import { Command } from 'commander';
import { AppConfig } from './platform/config/app-config.js';
import { runMigrations } from './platform/database/data-source.js';
import { createApiKey, parseScopes } from './modules/auth/create-api-key.js';
import { runDemo } from './demo/demo.js';
import { registerOperationCommands } from './modules/operations/cli/operation-commands.js';
import { registerOperatorKeyCommands } from './modules/auth/operator-keys.js';

const program = new Command('hookline').description('Hookline operations command line');

program
  .command('migrate')
  .description('apply pending database migrations')
  .action(async () => {
    const applied = await runMigrations(AppConfig.fromEnv(process.env));
    console.log(applied.length ? `applied: ${applied.join(', ')}` : 'database is up to date');
  });

program
  .command('demo')
  .description('end to end on the local stack: service, HTTPS receiver, subscription, events, deliveries')
  .action(async () => {
    await runDemo();
  });

const apiKeys = program.command('api-keys').description('manage API keys');
apiKeys
  .command('create')
  .description('create an API key for a tenant; the key is printed once and stored only as a hash')
  .requiredOption('--tenant <tenant>', 'tenant the key belongs to')
  .option('--scopes <scopes>', 'comma list of read, write, admin, events:publish', 'read,write')
  .option('--name <name>', 'a label to recognise the key by', '')
  .action(async (options: { tenant: string; scopes: string; name: string }) => {
    const config = AppConfig.fromEnv(process.env);
    const { id, key } = await createApiKey(config, options.tenant, parseScopes(options.scopes), options.name);
    console.error(`created API key ${id} for tenant ${options.tenant}; store it now, it is not shown again:`);
    console.log(key);
  });

registerOperatorKeyCommands(program, () => AppConfig.fromEnv(process.env));
registerOperationCommands(program);

program.parseAsync().catch((error: unknown) => {
  console.error(`hookline: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
