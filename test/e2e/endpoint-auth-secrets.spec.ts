import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { freePort, ServiceProcess } from '../../src/devtools/service-process.js';
import { ApiClient, expectData } from '../support/api-client.js';
import { ConnectProxy } from '../support/connect-proxy.js';
import { clientCertificate, requiring, testCa, TokenIssuer } from '../support/endpoint-auth.js';
import { PipelineHarness } from '../support/harness.js';
import { HttpsReceiver } from '../support/https-receiver.js';
import { OtlpReceiver } from '../support/otlp-receiver.js';
import { envelope, eventually } from '../support/pipeline-fixtures.js';
import { ownDatabase, type OwnDatabase } from '../support/own-database.js';

const run = promisify(execFile);
const secret = (prefix: string) => `${prefix}${Math.random().toString(36).slice(2)}${Date.now().toString(36)}`;

/**
 * Credentials stay secret everywhere they could leak: the built service, logging at debug and
 * exporting spans over OTLP, delivers with every kind of credential (successes and auth_error
 * failures, through a proxy that wants credentials of its own); then no credential, and no token
 * it obtained, appears in its logs, its spans, its metrics, any API read, or in clear in a pg_dump
 * of the database.
 */
describe('credentials never leak: logs, traces, metrics, API reads, the database', () => {
  let h: PipelineHarness;
  // Its own database: the dump reads all of it, and the shared one holds every other suite's rows.
  let db: OwnDatabase;
  let service: ServiceProcess;
  let api: ApiClient;
  let tokens: TokenIssuer;
  let mtls: HttpsReceiver;
  const collector = new OtlpReceiver();
  const proxy = new ConnectProxy();
  const password = secret('pw');
  const bearer = secret('bt');
  const headerValue = secret('hv');
  const clientSecret = secret('cs');
  let privateKeyLine = '';
  const ids: string[] = [];

  beforeAll(async () => {
    await Promise.all([collector.start(), proxy.start()]);
    h = await PipelineHarness.start({ app: false });
    db = await ownDatabase('leaks');
    tokens = new TokenIssuer(await new HttpsReceiver(h.receiver).start(), 'leak-client', clientSecret);
    const ca = await testCa();
    const cert = await clientCertificate(ca);
    privateKeyLine = cert.privateKey.split('\n').find((l) => l.length >= 40)!;
    mtls = await new HttpsReceiver(h.receiver, { clientCa: ca.cert }).start();
    h.receiver.responder = requiring((r) =>
      r.path === '/oauth' ? tokens.accepts(r.headers.authorization) || r.body.includes('url_verification') : true,
    );
    service = new ServiceProcess(
      h.serviceEnv({
        DATABASE_URL: db.url,
        PORT: String(await freePort()),
        METRICS_PORT: String(await freePort()),
        LOG_LEVEL: 'debug',
        EGRESS_PROXY_URL: proxy.url,
        OTEL_EXPORTER_OTLP_ENDPOINT: collector.endpoint,
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
        OTEL_BSP_SCHEDULE_DELAY: '200',
      }),
      undefined,
      1_000_000,
    );
    service.start();
    await service.waitReady();
    api = new ApiClient(service.baseUrl, h.key);
    const create = async (receiver: HttpsReceiver, path: string, extra: object) =>
      ids.push(
        expectData(
          await api.POST('/webhooks', { body: { url: receiver.url(path), events: ['order.*'], ...extra } as never }),
          201,
        ).id,
      );
    await create(h.receiver, '/basic', { auth: { type: 'basic', username: 'svc', password } });
    await create(h.receiver, '/bearer', { auth: { type: 'bearer', token: bearer } });
    await create(h.receiver, '/headers', { headers: { 'X-Api-Key': { value: headerValue, secret: true } } });
    await create(h.receiver, '/oauth', {
      auth: {
        type: 'oauth2_client_credentials',
        token_url: tokens.url,
        client_id: 'leak-client',
        client_secret: clientSecret,
      },
    });
    await create(mtls, '/mtls', {
      auth: { type: 'mtls', certificate: cert.certificate, private_key: cert.privateKey },
    });
  }, 120_000);

  afterAll(async () => {
    await service?.stop();
    await Promise.all([tokens?.server.stop(), mtls?.stop(), collector.stop(), proxy.stop()]);
    await h?.close();
    await db?.drop();
  });

  it('delivers with every credential, fails with some, and shows none of them anywhere', async () => {
    const delivered = envelope('order.created', {});
    await h.publish([delivered]);
    await eventually(
      () => mtls.deliveries('/mtls').length > 0 && h.receiver.deliveries().length >= 4,
      30_000,
      'deliveries',
    );
    // A token endpoint that refuses, and an endpoint that refuses the token it holds: auth_error on record.
    tokens.refusing = true;
    tokens.revokeAll();
    const refused = envelope('order.updated', {});
    await h.publish([refused]);
    const oauthLog = async () =>
      (await api.raw.get(`/v1/webhooks/${ids[3]}/deliveries?limit=100`)).body.data as { outcome: string; id: string }[];
    await eventually(async () => (await oauthLog()).some((a) => a.outcome === 'auth_error'), 30_000, 'the auth_error');
    await new Promise((r) => setTimeout(r, 1_500)); // spans of the last attempts exported

    const reads = [await api.raw.get('/v1/webhooks?limit=100')];
    for (const id of ids) {
      reads.push(await api.raw.get(`/v1/webhooks/${id}`));
      const log = await api.raw.get(`/v1/webhooks/${id}/deliveries?limit=100`);
      reads.push(log);
      for (const attempt of (log.body.data as { id: string }[]).slice(0, 3))
        reads.push(await api.raw.get(`/v1/webhooks/${id}/deliveries/${attempt.id}`));
    }
    const { stdout: dump } = await run('pg_dump', ['--no-owner', '--data-only', db.url], {
      maxBuffer: 1024 * 1024 * 1024,
    });
    const places: Record<string, string> = {
      logs: service.output.join('\n'),
      spans: JSON.stringify(collector.spans(), (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v)),
      metrics: await (await fetch(service.metricsUrl)).text(),
      'API reads': reads.map((r) => r.text).join('\n'),
      'the database (pg_dump)': dump,
    };
    expect(places.logs.length).toBeGreaterThan(1000);
    expect(collector.spans().length).toBeGreaterThan(0);
    expect(dump).toContain(ids[0]);
    expect(dump).toMatch(/"sealed": "enc1:/);
    const credentials = {
      password,
      bearer,
      headerValue,
      clientSecret,
      privateKeyLine,
      'proxy password': proxy.password,
      ...Object.fromEntries(tokens.issued().map((t, i) => [`access token ${i}`, t])),
    };
    expect(tokens.issued().length).toBeGreaterThan(0);
    const leaks = Object.entries(places).flatMap(([place, text]) =>
      Object.entries(credentials)
        .filter(([, value]) => text.includes(value))
        .map(([name]) => `${name} in ${place}`),
    );
    expect(leaks).toEqual([]);
  }, 90_000);
});
