import type { IncomingMessage } from 'node:http';
import type { Attributes } from '@opentelemetry/api';
import { ExpressInstrumentation, ExpressLayerType } from '@opentelemetry/instrumentation-express';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import type { Instrumentation } from '@opentelemetry/instrumentation';
import { NodeSDK } from '@opentelemetry/sdk-node';
import type { SpanProcessor } from '@opentelemetry/sdk-trace';
import type { TelemetrySettings } from '../config/telemetry-settings.js';
import { OptOutPropagator } from './propagation.js';

/** Probes and scrapes would drown the traces that matter. */
const UNTRACED_PATHS = /^\/(health|metrics)(\/|\?|$)/;

let running: { sdk: NodeSDK; instrumentations: Instrumentation[] } | undefined;

/**
 * Endpoint URLs are the consumers' and often carry a token in the query string: traces keep the
 * origin and path only. (Overrides the attributes the undici instrumentation derived from the URL.)
 * Without a query, the instrumentation's empty `url.query` is dropped: an undefined value is not
 * recorded, and an empty attribute says nothing.
 */
export function withoutQueryString(request: { origin: string; path: string }): Attributes {
  const [path, query] = request.path.split('?', 2);
  if (query === undefined || query === '') return { 'url.query': undefined };
  return { 'url.full': `${request.origin}${path}?REDACTED`, 'url.query': 'REDACTED' };
}

/**
 * Whether the SDK is running, i.e. the undici instrumentation writes `traceparent` on outbound
 * calls itself. When it is not, the pipeline passes the producer's traceparent through by hand.
 */
export function tracingActive(): boolean {
  return running !== undefined;
}

export interface TracingOverrides {
  /** Tests pass a SimpleSpanProcessor over an InMemorySpanExporter instead of the env's exporter. */
  spanProcessors?: SpanProcessor[];
}

/**
 * Starts the OpenTelemetry SDK once: W3C propagation (with the per-subscription opt-out),
 * AsyncLocalStorage context, and the http (REST server spans), express (route names), pg and
 * undici (the webhook POST) instrumentations. Exporter, protocol, endpoint, sampler and resource
 * come from the standard OTEL_* variables, read by the SDK itself.
 */
export function startTracing(settings: TelemetrySettings, overrides: TracingOverrides = {}): boolean {
  if (running) return true;
  if (!settings.tracing && !overrides.spanProcessors) return false;
  const instrumentations = tracingInstrumentations();
  const sdk = new NodeSDK({
    serviceName: settings.defaultServiceName,
    textMapPropagator: new OptOutPropagator(),
    spanProcessors: overrides.spanProcessors,
    // Metrics are served by prom-client at /metrics; the SDK's own go out only when asked for.
    ...(settings.metricsExporterRequested ? {} : { metricReaders: [] }),
    ...(settings.logsExporterRequested ? {} : { logRecordProcessors: [] }),
    instrumentations,
  });
  sdk.start();
  running = { sdk, instrumentations };
  return true;
}

function tracingInstrumentations(): Instrumentation[] {
  return [
    new HttpInstrumentation({
      ignoreIncomingRequestHook: (req: IncomingMessage) => UNTRACED_PATHS.test(req.url ?? ''),
    }),
    // Route handlers only: Nest's app-wide middlewares would add a span each to every request.
    new ExpressInstrumentation({
      ignoreLayersType: [ExpressLayerType.MIDDLEWARE, ExpressLayerType.ROUTER],
      ignoreLayers: ['request handler'],
    }),
    // Pool housekeeping and batched writes outside any operation would each be a lone root trace.
    new PgInstrumentation({ requireParentSpan: true }),
    new UndiciInstrumentation({ startSpanHook: withoutQueryString }),
  ];
}

/** Flushes spans still in the batch processor and unhooks the instrumentations; called on shutdown. */
export async function stopTracing(): Promise<void> {
  const stopped = running;
  running = undefined;
  await stopped?.sdk.shutdown().catch(() => undefined);
  // The SDK's shutdown leaves its instrumentations hooked into process-wide channels (undici's
  // diagnostics channel): a later start would then write a second traceparent on every request.
  stopped?.instrumentations.forEach((instrumentation) => instrumentation.disable());
}
