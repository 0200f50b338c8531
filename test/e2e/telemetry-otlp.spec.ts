import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ServiceProcess } from '../../src/devtools/service-process.js';
import { eventually } from '../support/pipeline-fixtures.js';
import { TEST_DATABASE_URL, testRunId } from '../support/test-config.js';

interface OtlpAttribute {
  key: string;
  value: { stringValue?: string; intValue?: string | number };
}
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: OtlpAttribute[];
}
interface OtlpExport {
  resourceSpans: { resource: { attributes: OtlpAttribute[] }; scopeSpans: { spans: OtlpSpan[] }[] }[];
}

const SPAN_KIND_SERVER = 2;
const attr = (attributes: OtlpAttribute[], key: string) => {
  const value = attributes.find((a) => a.key === key)?.value;
  return value?.stringValue ?? value?.intValue;
};

/**
 * The built service, started as an operator starts it with OTEL_EXPORTER_OTLP_ENDPOINT set, sends
 * its spans over OTLP/HTTP to a collector (here a small recording server): the REST request's
 * server span named after its route, and the Postgres queries made while serving it, in one trace.
 */
describe('telemetry: spans over OTLP/HTTP from a running service', () => {
  const exports: OtlpExport[] = [];
  const paths: string[] = [];
  const run = testRunId();
  const apiKey = `hk_${run}_0123456789abcdef`;
  let collector: Server;
  let service: ServiceProcess;

  beforeAll(async () => {
    collector = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        paths.push(req.url ?? '');
        exports.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as OtlpExport);
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    collector.listen(0, '127.0.0.1');
    await once(collector, 'listening');
    service = new ServiceProcess({
      PORT: String(20000 + Math.floor(Math.random() * 20000)),
      DATABASE_URL: TEST_DATABASE_URL,
      KAFKA_TOPIC_PREFIX: `${run}.webhooks`,
      KAFKA_GROUP_PREFIX: run,
      INGEST_TOPICS: `${run}.events`,
      ROLES: 'api',
      LOG_LEVEL: 'warn',
      API_KEYS: `${run}:${apiKey}`,
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${(collector.address() as AddressInfo).port}`,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_SERVICE_NAME: 'hookline-otlp-test',
      OTEL_BSP_SCHEDULE_DELAY: '200',
    });
    service.start();
    await service.waitReady();
  });

  afterAll(async () => {
    await service?.stop();
    collector?.closeAllConnections();
    await new Promise((r) => collector?.close(r));
  });

  const spans = () =>
    exports.flatMap((e) =>
      e.resourceSpans.flatMap((rs) =>
        rs.scopeSpans.flatMap((ss) => ss.spans.map((span) => ({ span, resource: rs.resource }))),
      ),
    );

  it('exports the server span of a REST request and its Postgres spans in one trace', async () => {
    const res = await fetch(`${service.baseUrl}/v1/webhooks`, { headers: { authorization: `Bearer ${apiKey}` } });
    expect(res.status).toBe(200);
    await eventually(
      () =>
        spans().some(
          ({ span }) => span.kind === SPAN_KIND_SERVER && attr(span.attributes, 'http.route') === '/v1/webhooks',
        ),
      15_000,
      'the server span to arrive',
    );
    expect(paths.every((p) => p === '/v1/traces')).toBe(true);

    const { span: server, resource } = spans().find(
      ({ span }) => span.kind === SPAN_KIND_SERVER && attr(span.attributes, 'http.route') === '/v1/webhooks',
    )!;
    expect(server.name).toBe('GET /v1/webhooks');
    expect(attr(server.attributes, 'http.response.status_code')).toEqual(200);
    expect(attr(resource.attributes, 'service.name')).toBe('hookline-otlp-test');

    const sameTrace = spans()
      .map(({ span }) => span)
      .filter((s) => s.traceId === server.traceId);
    const queries = sameTrace.filter(
      (s) => attr(s.attributes, 'db.system.name') === 'postgresql' || attr(s.attributes, 'db.system') === 'postgresql',
    );
    expect(queries.length).toBeGreaterThan(0);

    // Probes and scrapes are not traced.
    await fetch(`${service.baseUrl}/health/live`);
    await fetch(`${service.baseUrl}/metrics`);
    await new Promise((r) => setTimeout(r, 1000));
    expect(spans().filter(({ span }) => /health|metrics/.test(String(attr(span.attributes, 'url.path'))))).toEqual([]);
  });

  it('flushes on SIGTERM and exits 0', async () => {
    expect(await service.stop()).toBe(0);
  });
});
