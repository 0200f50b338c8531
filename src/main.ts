import { stopTracing } from './platform/telemetry/otel.js';
import { AppConfig } from './platform/config/app-config.js';

/** Starts the service; a bad configuration or an unreachable dependency ends it with one clear line. */
async function main(): Promise<void> {
  const config = AppConfig.fromProcessEnv();
  // Loaded only now, after otel.ts registered its loader hooks, so express, pg and undici are instrumented.
  const { startApp } = await import('./bootstrap.js');
  const app = await startApp(config);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: draining in-flight work, committing offsets, closing connections`);
    await app.close();
    await stopTracing();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(`hookline: cannot start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
