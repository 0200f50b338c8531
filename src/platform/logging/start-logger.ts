import { Logger, PinoLogger } from 'nestjs-pino';
import { pino, type Logger as Pino } from 'pino';
import type { AppConfig } from '../config/app-config.js';
import { loggerParams, pinoOptions } from './logger-options.js';

/**
 * Nest's logger from the process's first line: nestjs-pino keeps one pino instance per process,
 * built by the first PinoLogger, so this is the very instance LoggingModule later serves (same
 * options, same redaction). Handed to NestFactory.create, not buffered: every line carries the
 * time it happened, including the errors Nest logs while it builds the modules.
 */
export function nestLogger(config: AppConfig): Logger {
  const params = loggerParams(config);
  return new Logger(new PinoLogger(params), params);
}

/**
 * The lines of the process's life (why a start failed, that a signal drains it): written whatever
 * LOG_LEVEL says, since an operator always needs them. Without a configuration (it did not parse)
 * a pino of the same options stands in, as nothing else has logged yet.
 */
export function lifecycleLogger(config?: AppConfig): Pino {
  const root = config ? new PinoLogger(loggerParams(config)).logger : pino(pinoOptions('info'));
  return root.child({ context: 'Hookline' }, { level: 'info' });
}
