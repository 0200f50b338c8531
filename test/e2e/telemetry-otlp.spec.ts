import { ServiceProcess } from '../../src/devtools/service-process.js';
import { ApiClient, expectData } from '../support/api-client.js';
import { OtlpReceiver } from '../support/otlp-receiver.js';
import { eventually } from '../support/pipeline-fixtures.js';
import { operatorEnv, testRunId } from '../support/test-config.js';

/**
 * The built service, started as an operator starts it with OTEL_EXPORTER_OTLP_ENDPOINT set, sends
 * its spans over OTLP/HTTP to a collector (here a small recording server): the REST request's
 * server span named after its route, and the Postgres queries made while serving it, in one trace.
 */
describe('telemetry: spans over OTLP/HTTP from a running service', () => {
  const run = testRunId();
  const apiKey = `hk_${run}_0123456789abcdef`;
  const collector = new OtlpReceiver();
  let service: ServiceProcess;

  beforeAll(async () => {
    await collector.start();
    service = new ServiceProcess(
      operatorEnv(run, {
        ROLES: 'api',
        API_KEYS: `${run}:${apiKey}`,
        OTEL_EXPORTER_OTLP_ENDPOINT: collector.endpoint,
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
        OTEL_SERVICE_NAME: 'hookline-otlp-test',
        OTEL_BSP_SCHEDULE_DELAY: '200',
      }),
    );
    service.start();
    await service.waitReady();
  });

  afterAll(async () => {
    await service?.stop();
    await collector.stop();
  });

  const serverSpan = () =>
    collector.spans().find((span) => span.kind === 'server' && span.attributes['http.route'] === '/v1/webhooks');

  it('exports the server span of a REST request and its Postgres spans in one trace', async () => {
    expectData(await new ApiClient(service.baseUrl, apiKey).GET('/webhooks'), 200);
    await eventually(() => serverSpan() !== undefined, 15_000, 'the server span to arrive');
    expect(collector.paths.every((p) => p === '/v1/traces')).toBe(true);

    const server = serverSpan()!;
    expect(server.name).toBe('GET /v1/webhooks');
    expect(server.attributes['http.response.status_code']).toEqual(200);
    expect(server.resource['service.name']).toBe('hookline-otlp-test');

    const queries = collector
      .trace(server.traceId)
      .filter((s) => s.attributes['db.system.name'] === 'postgresql' || s.attributes['db.system'] === 'postgresql');
    expect(queries.length).toBeGreaterThan(0);

    // Probes and scrapes are not traced.
    await fetch(`${service.baseUrl}/health/live`);
    await fetch(service.metricsUrl);
    await new Promise((r) => setTimeout(r, 1000));
    expect(collector.spans().filter((span) => /health|metrics/.test(String(span.attributes['url.path'])))).toEqual([]);
  });

  it('flushes on SIGTERM and exits 0', async () => {
    expect(await service.stop()).toBe(0);
  });
});
