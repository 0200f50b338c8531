import { telemetrySettings } from '../../../src/platform/config/telemetry-settings.js';

describe('telemetrySettings: tracing starts only when an exporter is asked for', () => {
  it('is off with no OTEL_* variable', () => {
    expect(telemetrySettings({}).tracing).toBe(false);
  });

  it.each([
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }],
    [{ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/v1/traces' }],
    [{ OTEL_TRACES_EXPORTER: 'otlp' }],
    [{ OTEL_TRACES_EXPORTER: 'console' }],
  ])('is on with %j', (env) => {
    expect(telemetrySettings(env).tracing).toBe(true);
  });

  it.each([
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_SDK_DISABLED: 'true' }],
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_TRACES_EXPORTER: 'none' }],
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: '  ' }],
  ])('stays off with %j', (env) => {
    expect(telemetrySettings(env).tracing).toBe(false);
  });

  it('names the service hookline unless OTEL_SERVICE_NAME says otherwise', () => {
    expect(telemetrySettings({}).defaultServiceName).toBe('hookline');
    expect(telemetrySettings({ OTEL_SERVICE_NAME: 'hooks-eu' }).defaultServiceName).toBeUndefined();
  });

  it('leaves the SDK log and metric exporters off unless their variables are set', () => {
    expect(telemetrySettings({ OTEL_TRACES_EXPORTER: 'otlp' })).toMatchObject({
      logsExporterRequested: false,
      metricsExporterRequested: false,
    });
    expect(telemetrySettings({ OTEL_METRICS_EXPORTER: 'otlp' }).metricsExporterRequested).toBe(true);
  });
});
