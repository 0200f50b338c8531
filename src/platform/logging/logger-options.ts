import type { IncomingMessage } from 'node:http';
import { trace } from '@opentelemetry/api';
import type { Params } from 'nestjs-pino';
import { stdTimeFunctions, type LoggerOptions } from 'pino';
import type { AppConfig } from '../config/app-config.js';
import { requestIdOf } from '../http/request-id.js';
import { REDACTED_PATHS, REDACTION_CENSOR } from './redaction.js';

/** Probes and scrapes are not worth a line each. */
const QUIET_PATHS = /^\/(health|metrics)(\/|\?|$)/;

/** The trace and span of the active span, so a log line leads to its trace and back. */
export function traceFields(): Record<string, string> {
  const span = trace.getActiveSpan();
  if (!span) return {};
  const { traceId, spanId } = span.spanContext();
  return trace.isSpanContextValid(span.spanContext()) ? { trace_id: traceId, span_id: spanId } : {};
}

/**
 * One JSON object per line: level as a word, ISO time, trace_id/span_id of the active span,
 * secrets redacted. Used by the HTTP logger below and directly by unit tests.
 */
export function pinoOptions(level: string): LoggerOptions {
  return {
    level,
    base: { service: 'hookline' },
    timestamp: stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    mixin: traceFields,
    redact: { paths: REDACTED_PATHS, censor: REDACTION_CENSOR },
  };
}

/**
 * nestjs-pino for every role: Nest's own logger is replaced by pino, and inside an HTTP request
 * each line carries `request_id` (the X-Request-Id answered to the caller). LOG_LEVEL=silent
 * (the tests) writes nothing.
 */
export function loggerParams(config: AppConfig): Params {
  return {
    pinoHttp: {
      ...pinoOptions(config.runtime.logLevel),
      genReqId: (req: IncomingMessage) => requestIdOf(req),
      customAttributeKeys: { reqId: 'request_id' },
      quietReqLogger: true,
      autoLogging: { ignore: (req: IncomingMessage) => QUIET_PATHS.test(req.url ?? '') },
      customSuccessMessage: (req, res, ms) => `${req.method} ${req.url} ${res.statusCode} ${Math.round(ms)}ms`,
      customErrorMessage: (req, res) => `${req.method} ${req.url} ${res.statusCode} failed`,
    },
  };
}
