/**
 * Imported first by main.ts, before any instrumented library is loaded (main.ts loads the
 * application with a dynamic import after this module has run). The service is ESM, so the
 * import-in-the-middle hooks are registered here for the ESM imports of the instrumented packages
 * (express, pg, undici, http), in-thread with module.registerHooks; CJS requires are caught by
 * require-in-the-middle. Starting here rather than with `node --import` keeps `npm start`, the
 * Dockerfile and the demo unchanged.
 */
import { register, supportsSyncHooks } from 'import-in-the-middle/register-hooks.mjs';
import { processTelemetrySettings } from '../config/telemetry-settings.js';
import { startTracing, stopTracing } from './sdk.js';

const INSTRUMENTED = ['express', 'pg', 'pg-pool', 'undici', 'http', 'https', 'node:http', 'node:https'];

const settings = processTelemetrySettings();
if (settings.tracing) {
  if (supportsSyncHooks()) register({ include: INSTRUMENTED });
  startTracing(settings);
}

/** main.ts calls it after draining, so the last spans are exported before the process exits. */
export { stopTracing };
