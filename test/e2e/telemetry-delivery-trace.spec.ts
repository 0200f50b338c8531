import { randomBytes } from 'node:crypto';
import { telemetrySettings } from '../../src/platform/config/telemetry-settings.js';
import { startTracing, stopTracing } from '../../src/platform/telemetry/sdk.js';
import { PipelineHarness } from '../support/harness.js';
import { HttpsReceiver, type ReceivedRequest } from '../support/https-receiver.js';
import { OtlpReceiver, type ReceivedSpan } from '../support/otlp-receiver.js';
import { envelope, eventually } from '../support/pipeline-fixtures.js';

const OTEL_ENV = {
  OTEL_EXPORTER_OTLP_ENDPOINT: '',
  OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
  OTEL_BSP_SCHEDULE_DELAY: '100',
  OTEL_SERVICE_NAME: 'hookline-delivery-trace-test',
};

/**
 * Issue 16's acceptance: a delivery's whole life is one trace, sent over OTLP/HTTP to a collector
 * (here a recording server), every hop a span named and described by the messaging semantic
 * conventions. RETRY_SCHEDULE=1s: one event fails once and then succeeds (its retry reads tier
 * retry-1s), another fails twice and is parked on the DLQ, raising an alert to its alert_url.
 */
describe('telemetry: a delivery traced hop by hop, as a collector receives it', () => {
  const collector = new OtlpReceiver();
  const receiver = new HttpsReceiver();
  const saved: Record<string, string | undefined> = {};
  let harness: PipelineHarness;
  let prefix: string;
  let group: (name: string) => string;

  beforeAll(async () => {
    await collector.start();
    // The service's own start (otel.ts) reads these; here the SDK runs in the test's process.
    for (const [name, value] of Object.entries({ ...OTEL_ENV, OTEL_EXPORTER_OTLP_ENDPOINT: collector.endpoint })) {
      saved[name] = process.env[name];
      process.env[name] = value;
    }
    expect(startTracing(telemetrySettings(process.env))).toBe(true);
    let flakyCalls = 0;
    receiver.responder = (req) => {
      if (req.path === '/flaky') return { status: ++flakyCalls === 1 ? 500 : 200 };
      return { status: req.path === '/dead' ? 500 : 200 };
    };
    harness = await PipelineHarness.start({
      receiver,
      env: { RETRY_SCHEDULE: '1s' },
      subscriptions: [
        { path: '/flaky', events: ['trace.flaky'] },
        { path: '/dead', events: ['trace.dead'] },
      ],
    });
    await harness.fixtures.db.query(`UPDATE subscriptions SET alert_url = $2 WHERE id = $1`, [
      harness.subscriptionIds[1],
      receiver.url('/alerts'),
    ]);
    prefix = harness.config.kafka.topicPrefix;
    group = (name) => `${harness.config.kafka.groupPrefix}.${name}`;
  });

  afterAll(async () => {
    await harness?.close();
    await stopTracing();
    await collector.stop();
    for (const [name, value] of Object.entries(saved))
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
  });

  /** Publishes one event under an upstream producer span; resolves with that span's trace and span ids. */
  async function publish(type: string): Promise<{ traceId: string; producerSpanId: string; eventId: string }> {
    const [traceId, producerSpanId] = [randomBytes(16).toString('hex'), randomBytes(8).toString('hex')];
    const event = envelope(type);
    await harness.kafka.send(harness.config.ingest.topics[0], [
      {
        value: JSON.stringify(event),
        headers: { 'tenant-id': harness.tenant, traceparent: `00-${traceId}-${producerSpanId}-01` },
      },
    ]);
    return { traceId, producerSpanId, eventId: event.id };
  }

  const one = (spans: ReceivedSpan[], name: string, where: (s: ReceivedSpan) => boolean = () => true) => {
    const found = spans.filter((s) => s.name === name && where(s));
    expect(found.map((s) => s.name)).toEqual([name]);
    return found[0];
  };
  const attempt = (n: number) => (s: ReceivedSpan) => s.attributes['delivery.attempt'] === n;
  const childrenOf = (spans: ReceivedSpan[], parent: ReceivedSpan) =>
    spans.filter((s) => s.parentSpanId === parent.spanId).map((s) => `${s.kind} ${s.name}`);

  /** Every messaging span: semantic-convention attributes, a destination, and partition and offset. */
  function expectMessaging(span: ReceivedSpan, destination: string, consumerGroup?: string): void {
    const consumer = span.kind === 'consumer';
    expect(span.attributes).toMatchObject({
      'messaging.system': 'kafka',
      'messaging.operation.type': consumer ? 'process' : 'send',
      'messaging.destination.name': destination,
      'messaging.destination.partition.id': expect.stringMatching(/^\d+$/),
      'messaging.kafka.offset': expect.any(Number),
    });
    expect(span.name).toBe(`${String(span.attributes['messaging.operation.name'])} ${destination}`);
    if (consumer) expect(span.attributes['messaging.consumer.group.name']).toBe(consumerGroup);
    else expect(span.attributes['messaging.consumer.group.name']).toBeUndefined();
  }

  /** Consumer and producer agree on where the record was: the consumer read what the PRODUCER span wrote. */
  function expectSameRecord(consumer: ReceivedSpan, producer: ReceivedSpan): void {
    for (const key of ['messaging.destination.name', 'messaging.destination.partition.id', 'messaging.kafka.offset'])
      expect([key, consumer.attributes[key]]).toEqual([key, producer.attributes[key]]);
  }

  /** One trace, one tree: every span's parent is in it, but the upstream producer's. */
  function expectConnected(spans: ReceivedSpan[], upstream: string): void {
    const ids = new Set(spans.map((s) => s.spanId));
    expect(spans.filter((s) => s.parentSpanId !== upstream && !ids.has(s.parentSpanId ?? ''))).toEqual([]);
  }

  type Published = Awaited<ReturnType<typeof publish>>;
  let ok: Published;
  let dead: Published;

  it('publishes an event that fails once, and one that fails every time', async () => {
    ok = await publish('trace.flaky');
    dead = await publish('trace.dead');
    const to = (path: string, id: string) => (r: ReceivedRequest) => r.path === path && r.headers['webhook-id'] === id;
    await receiver.waitFor(
      (all) =>
        all.filter(to('/flaky', ok.eventId)).length === 2 &&
        all.filter(to('/dead', dead.eventId)).length === 2 &&
        all.some((r) => r.path === '/alerts'),
      30_000,
    );
    await eventually(
      () =>
        collector.trace(ok.traceId).some(attempt(2)) &&
        // The last attempt's span ends after the alert it raised was sent (its status change goes on).
        collector.trace(dead.traceId).some(attempt(2)) &&
        collector.trace(dead.traceId).some((s) => s.name === `process ${prefix}.alerts`),
      10_000,
      'the spans of both traces',
    );
    expect(collector.paths.every((p) => p === '/v1/traces')).toBe(true);
  });

  it('traces ingest → attempt 1 → retry tier → attempt 2 → success as one tree', () => {
    const spans = collector.trace(ok.traceId);
    const ingestTopic = harness.config.ingest.topics[0];
    const ingest = one(spans, `process ${ingestTopic}`);
    expect([ingest.kind, ingest.parentSpanId]).toEqual(['consumer', ok.producerSpanId]);
    expectMessaging(ingest, ingestTopic, group('ingest'));
    expect(ingest.attributes['messaging.kafka.message.key']).toBeUndefined(); // a user's key stays theirs
    expect(ingest.attributes).toMatchObject({ 'event.id': ok.eventId, 'event.subscriptions_matched': 1 });
    const fanOut = one(spans, `send ${prefix}.deliveries`);
    expect([fanOut.kind, fanOut.parentSpanId]).toEqual(['producer', ingest.spanId]);
    expectMessaging(fanOut, `${prefix}.deliveries`);
    expect(one(spans, 'match subscriptions').parentSpanId).toBe(ingest.spanId);

    const first = one(spans, `deliver ${prefix}.deliveries`, attempt(1));
    expect([first.kind, first.parentSpanId]).toEqual(['consumer', ingest.spanId]);
    expectMessaging(first, `${prefix}.deliveries`, group('delivery'));
    expectSameRecord(first, fanOut);
    expect(first.attributes).toMatchObject({
      'messaging.kafka.message.key': harness.subscriptionIds[0],
      'delivery.outcome': 'http_error',
      'http.response.status_code': 500,
    });
    expect(first.links.map((l) => [l.spanId, l.attributes['hookline.link']])).toEqual([[fanOut.spanId, 'producer']]);
    const toTier = one(spans, `send ${prefix}.retry-1s`);
    expect([toTier.kind, toTier.parentSpanId]).toEqual(['producer', first.spanId]);
    expectMessaging(toTier, `${prefix}.retry-1s`);
    expect(childrenOf(spans, first)).toEqual(
      expect.arrayContaining(['client POST', `producer send ${prefix}.retry-1s`]),
    );

    // The retry: read from the tier, after the tier's wait, linked to the PRODUCER span and to attempt 1.
    const second = one(spans, `deliver ${prefix}.retry-1s`, attempt(2));
    expect([second.kind, second.parentSpanId]).toEqual(['consumer', ingest.spanId]);
    expectMessaging(second, `${prefix}.retry-1s`, group('retry-1s'));
    expectSameRecord(second, toTier);
    expect(second.attributes).toMatchObject({ 'delivery.outcome': 'success', 'delivery.trigger': 'retry' });
    expect(second.links.map((l) => [l.spanId, l.attributes['hookline.link']])).toEqual([
      [toTier.spanId, 'producer'],
      [first.spanId, 'previous_attempt'],
    ]);
    expect(second.startNs).toBeGreaterThan(toTier.endNs);
    const post = spans.find((s) => s.kind === 'client' && s.parentSpanId === second.spanId)!;
    expect(post.attributes).toMatchObject({ 'http.request.method': 'POST', 'http.response.status_code': 200 });
    expect(post.attributes['url.query']).toBeUndefined();
    expect(spans.some((s) => s.name.startsWith(`send ${prefix}.dlq`))).toBe(false);
    expectConnected(spans, ok.producerSpanId);
  });

  it('traces an exhausted delivery to its DLQ PRODUCER span, and its alert to the alert_url', () => {
    const lost = collector.trace(dead.traceId);
    const last = one(lost, `deliver ${prefix}.retry-1s`, attempt(2));
    expect(last.attributes['delivery.outcome']).toBe('http_error');
    const parked = one(lost, `send ${prefix}.dlq`);
    expect([parked.kind, parked.parentSpanId]).toEqual(['producer', last.spanId]);
    expectMessaging(parked, `${prefix}.dlq`);
    const raised = one(lost, `send ${prefix}.alerts`);
    expect(raised.parentSpanId).toBe(last.spanId);
    expectMessaging(raised, `${prefix}.alerts`);
    const alert = one(lost, `process ${prefix}.alerts`);
    expect([alert.kind, alert.parentSpanId]).toEqual(['consumer', raised.spanId]);
    expectMessaging(alert, `${prefix}.alerts`, group('alerts'));
    expectSameRecord(alert, raised);
    expect(alert.attributes).toMatchObject({ 'alert.type': 'subscription.failing' });
    expect(childrenOf(lost, alert)).toContain('client POST');
    expectConnected(lost, dead.producerSpanId);
  });

  it('names the destination on every messaging span of both traces, and the group on every consumer span', () => {
    const messaging = [...collector.trace(ok.traceId), ...collector.trace(dead.traceId)].filter(
      (s) => s.attributes['messaging.system'] === 'kafka',
    );
    expect(messaging.filter((s) => !s.attributes['messaging.destination.name'])).toEqual([]);
    const consumers = messaging.filter((s) => s.kind === 'consumer');
    expect(consumers.length).toBe(7); // ingest and two attempts each, and the alert
    expect(consumers.filter((s) => !s.attributes['messaging.consumer.group.name'])).toEqual([]);
  });

  it('exports no span with an empty attribute', () => {
    const empty = collector.spans().flatMap((s) =>
      Object.entries(s.attributes)
        .filter(([, v]) => v === '')
        .map(([k]) => `${s.name}: ${k}`),
    );
    expect(collector.spans().length).toBeGreaterThan(0);
    expect(empty).toEqual([]);
  });
});
