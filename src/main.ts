import type { Logger as Pino } from 'pino';
import './platform/telemetry/otel.js';
import { AppConfig } from './platform/config/app-config.js';

/** Set once the configuration parsed, so a signal arriving during the start is answered. */
let shutdown: { stopping: boolean } | undefined;

/**
 * Starts the service; a bad configuration or an unreachable dependency ends it with one JSON line.
 * Everything but the configuration is loaded only now, after otel.ts registered its loader hooks,
 * so express, pg and undici are instrumented.
 */
async function main(): Promise<void> {
  const config = AppConfig.fromProcessEnv();
  const { lifecycleLogger } = await import('./platform/logging/start-logger.js');
  const { Shutdown } = await import('./startup/shutdown.js');
  const signals = new Shutdown(lifecycleLogger(config));
  shutdown = signals;
  signals.listen();
  const { preflight } = await import('./startup/preflight.js');
  await preflight(config);
  const { startApp } = await import('./bootstrap.js');
  await startApp(config, { onCreated: (app) => signals.created(app) });
  signals.started();
}

/** The one line saying why the start failed (with the stack only for an unexpected error). */
async function reportFailure(error: unknown): Promise<void> {
  if (shutdown?.stopping) return; // closing the half-started app failed it: the signal handler exits
  const { lifecycleLogger } = await import('./platform/logging/start-logger.js');
  const { startFailureLine } = await import('./startup/start-failures.js');
  let config: AppConfig | undefined;
  try {
    config = AppConfig.fromProcessEnv();
  } catch {
    // the configuration itself is what failed: pino's options stand in for it
  }
  const log: Pino = lifecycleLogger(config);
  const { fields, msg } = startFailureLine(error);
  log.error(fields, msg);
  process.exit(1);
}

main()
  .catch(reportFailure)
  .catch((error: unknown) => {
    // Reporting itself failed (a bug): still one line and exit 1, never an unhandled rejection.
    console.error(JSON.stringify({ level: 'error', msg: `hookline: cannot start: ${String(error)}` }));
    process.exit(1);
  });
