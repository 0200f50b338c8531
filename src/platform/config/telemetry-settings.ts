/**
 * Whether tracing starts, decided from the standard OTEL_* variables alone (the OpenTelemetry SDK
 * reads the rest of them itself). Tracing is on when an exporter is asked for:
 * OTEL_TRACES_EXPORTER names one other than "none", or an OTLP endpoint is set
 * (OTEL_EXPORTER_OTLP_ENDPOINT or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT). OTEL_SDK_DISABLED=true and
 * OTEL_TRACES_EXPORTER=none always win. Off means no SDK at all: no instrumentation, no exporter
 * retrying a collector that is not there; trace context still passes through the pipeline.
 */
export interface TelemetrySettings {
  tracing: boolean;
  /** Set only when OTEL_SERVICE_NAME is absent, so the operator's choice always wins. */
  defaultServiceName?: string;
  /** The SDK's own log/metric exporters follow OTEL_LOGS_EXPORTER / OTEL_METRICS_EXPORTER only when set. */
  logsExporterRequested: boolean;
  metricsExporterRequested: boolean;
}

const set = (value: string | undefined) => value !== undefined && value.trim() !== '';

export function telemetrySettings(env: Record<string, string | undefined>): TelemetrySettings {
  const exporters = (env.OTEL_TRACES_EXPORTER ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  const disabled = (env.OTEL_SDK_DISABLED ?? '').trim().toLowerCase() === 'true' || exporters.includes('none');
  const requested =
    exporters.length > 0 || set(env.OTEL_EXPORTER_OTLP_ENDPOINT) || set(env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT);
  return {
    tracing: !disabled && requested,
    defaultServiceName: set(env.OTEL_SERVICE_NAME) ? undefined : 'hookline',
    logsExporterRequested: set(env.OTEL_LOGS_EXPORTER),
    metricsExporterRequested: set(env.OTEL_METRICS_EXPORTER),
  };
}

/** This process's telemetry settings: otel.ts decides before AppConfig exists, from the OTEL_* variables. */
export function processTelemetrySettings(): TelemetrySettings {
  return telemetrySettings(process.env);
}
