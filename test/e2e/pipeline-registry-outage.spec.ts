import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PipelineHarness } from '../support/harness.js';
import { avroWriter, frame, registerSchema } from '../support/avro-frames.js';
import { eventually } from '../support/pipeline-fixtures.js';
import { uniqueId } from '../support/test-config.js';

const REGISTRY = process.env.SCHEMA_REGISTRY_URL ?? 'http://127.0.0.1:8081/apis/ccompat/v7';

type Mode = 'pass' | 401 | 403 | 408 | 429 | 503 | 'hang' | 'lost-base';

/**
 * The real registry behind a switch the test turns: it answers as the registry does, or as an
 * outage would (a status, no answer at all, or a 404 for every path as a wrong base URL gives).
 */
class RegistrySwitch {
  mode: Mode = 'pass';
  private server?: Server;
  private readonly hanging: ServerResponse[] = [];

  async start(): Promise<string> {
    this.server = createServer((req, res) => void this.answer(req, res));
    this.server.listen(0, '127.0.0.1');
    await once(this.server, 'listening');
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}${new URL(REGISTRY).pathname}`;
  }

  private async answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (this.mode === 'hang') return void this.hanging.push(res);
    if (this.mode === 'lost-base') return void res.writeHead(404).end('{"detail":"no such resource"}');
    if (this.mode !== 'pass') return void res.writeHead(this.mode, { 'content-type': 'application/json' }).end('{}');
    const upstream = await fetch(`${new URL(REGISTRY).origin}${req.url}`, { headers: { accept: 'application/json' } });
    res.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'application/json' });
    res.end(Buffer.from(await upstream.arrayBuffer()));
  }

  async stop(): Promise<void> {
    this.hanging.forEach((res) => res.destroy());
    this.server?.closeAllConnections();
    await new Promise((r) => this.server?.close(r));
  }
}

/**
 * A schema-registry outage is never poison: records framed with a schema the registry cannot serve
 * right now (401, 403, 408, 429, 503, no answer, a base URL that answers 404 everywhere) wait and are
 * retried; readiness turns false with a reason code once it lasts; each failure is counted; when the
 * registry answers again every one of them is delivered. A 404 while the registry answers is still
 * unknown_schema.
 */
describe('pipeline: schema registry outages', () => {
  const registry = new RegistrySwitch();
  let h: PipelineHarness;

  beforeAll(async () => {
    const url = await registry.start();
    h = await PipelineHarness.start({
      env: {
        ROLES: 'api,ingest,delivery,operations',
        SCHEMA_REGISTRY_URL: url,
        READY_SCHEMA_REGISTRY_FAILURE_MS: '1000',
        KAFKA_TOPIC_PARTITIONS: '1',
      },
      subscriptions: [{ path: '/all', events: ['*'] }],
    });
  }, 60_000);
  afterAll(async () => {
    await h?.close();
    await registry.stop();
  });

  /** A framed Avro event under a schema registered (straight with the registry) for this phase alone. */
  const framedEvent = async (phase: string) => {
    const name = uniqueId(`Envelope_${phase.replace(/\W/g, '_')}_`);
    const schema = {
      type: 'record',
      name,
      namespace: 'hookline.test.outage',
      fields: ['id', 'type', 'created_at', 'data'].map((field) => ({ name: field, type: 'string' })),
    };
    const id = await registerSchema(REGISTRY, `hookline.test.outage.${name}`, schema);
    const event = {
      id: uniqueId('evt_'),
      type: 'order.created',
      created_at: new Date().toISOString(),
      data: '{"n":1}',
    };
    return { event, value: frame(id, avroWriter(schema).toBuffer(event)) };
  };
  const ready = async () => {
    const res = await fetch(`${h.baseUrl}/health/ready`);
    return { status: res.status, body: await res.text() };
  };
  const failures = async (kind: string) => {
    const metrics = await h.scrape();
    const line = metrics.split('\n').find((l) => l.startsWith(`hookline_schema_registry_errors_total{kind="${kind}"}`));
    return Number(line?.split(' ')[1] ?? 0);
  };
  const parked = async () => (await h.fixtures.deadLetters(h.config.ingest.topics[0])).map((d) => d.reason);

  it('retries through every kind of outage, not ready meanwhile, and delivers everything once the registry is back', async () => {
    const waiting: string[] = [];
    const phases: [Mode, string, string][] = [
      [401, 'auth', 'schema_registry_auth_failed'],
      [403, 'auth', 'schema_registry_auth_failed'],
      [429, 'throttled', 'schema_registry_unavailable'],
      [503, 'unavailable', 'schema_registry_unavailable'],
      [408, 'timeout', 'schema_registry_unavailable'],
      ['lost-base', 'unavailable', 'schema_registry_unavailable'],
      ['hang', 'timeout', 'schema_registry_unavailable'],
    ];
    for (const [mode, kind, reason] of phases) {
      const { event, value } = await framedEvent(String(mode));
      const before = await failures(kind);
      registry.mode = mode;
      await h.publish([value]);
      waiting.push(event.id);
      await eventually(async () => (await failures(kind)) > before, 30_000, `a ${mode} counted as ${kind}`);
      await eventually(async () => (await ready()).body.includes(reason), 10_000, `readiness says ${reason}`);
      expect((await ready()).status).toBe(503);
    }
    expect(await parked()).toEqual([]);
    expect(h.receiver.deliveries('/all')).toHaveLength(0);

    registry.mode = 'pass';
    await eventually(
      () =>
        h.delivered(
          waiting.map((id) => ({ id })),
          ['/all'],
        ),
      60_000,
      'every waiting event delivered',
    );
    await eventually(async () => (await ready()).status === 200, 10_000, 'ready again');
    expect(await parked()).toEqual([]);
  }, 180_000);

  it('still parks an id the registry does not know as unknown_schema', async () => {
    registry.mode = 'pass';
    await h.publish([frame(2_000_000_001, Buffer.alloc(4))]);
    await eventually(async () => (await parked()).includes('unknown_schema'), 20_000, 'parked');
    expect((await ready()).status).toBe(200);
  });
});
