import { randomBytes } from 'node:crypto';
import { SpanKind } from '@opentelemetry/api';
import { InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace';
import { telemetrySettings } from '../../src/platform/config/telemetry-settings.js';
import { startTracing, stopTracing } from '../../src/platform/telemetry/sdk.js';
import { expectBody } from '../support/api-client.js';
import { PipelineHarness } from '../support/harness.js';
import { HttpsReceiver, type ReceivedRequest } from '../support/https-receiver.js';
import { envelope, eventually } from '../support/pipeline-fixtures.js';

/**
 * One event, one trace: the producer's traceparent parents the ingest span, each delivery attempt
 * (the first in ingest itself) is a child of it with the undici HTTP client span beneath, a retry links to the tier's PRODUCER
 * span and to the attempt before it, and the consumer receives a traceparent of that same trace (unless its subscription opted
 * out). The attempt records, and so the delivery log API, carry the trace id.
 */
describe('telemetry: one trace from the producer to the consumer endpoint', () => {
  const exporter = new InMemorySpanExporter();
  const receiver = new HttpsReceiver();
  const traceId = randomBytes(16).toString('hex');
  const producerSpanId = randomBytes(8).toString('hex');
  const names = ['ok', 'flaky', 'private'];
  let h: PipelineHarness;
  const subs: Record<string, string> = {};

  beforeAll(async () => {
    startTracing(telemetrySettings({}), { spanProcessors: [new SimpleSpanProcessor({ exporter })] });
    let flakyCalls = 0;
    receiver.responder = (req) => (req.path === '/flaky' && ++flakyCalls === 1 ? { status: 503 } : { status: 200 });
    h = await PipelineHarness.start({
      receiver,
      env: { ROLES: 'api,ingest,delivery,retry,operations' },
      subscriptions: names.map((name) => ({ path: `/${name}`, events: ['order.*'] })),
      beforeApp: async ({ fixtures, subscriptionIds }) => {
        names.forEach((name, i) => (subs[name] = subscriptionIds[i]));
        await fixtures.db.query(`UPDATE subscriptions SET send_traceparent = false WHERE id = $1`, [subs.private]);
        // A token in the query string, as many webhook URLs carry: it must not reach the trace backend.
        await fixtures.db.query(`UPDATE subscriptions SET url = $2 WHERE id = $1`, [
          subs.ok,
          receiver.url('/ok?token=s3cr3t'),
        ]);
      },
    });
  });

  afterAll(async () => {
    await h?.close();
    await stopTracing();
  });

  const spansOfTrace = () => exporter.getFinishedSpans().filter((s) => s.spanContext().traceId === traceId);
  const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;
  const attemptSpans = (subscriptionId: string) =>
    spansOfTrace()
      .filter((s) => s.name.startsWith('deliver ') && s.attributes['subscription.id'] === subscriptionId)
      .sort((a, b) => Number(a.attributes['delivery.attempt']) - Number(b.attributes['delivery.attempt']));
  const clientSpanUnder = (attempt: ReadableSpan) =>
    spansOfTrace().find((s) => s.kind === SpanKind.CLIENT && parentOf(s) === attempt.spanContext().spanId);

  it('parents ingest, attempts and HTTP client spans in the producer trace, and links the retry', async () => {
    const event = envelope('order.created', { order_id: 'o-1' });
    await h.publish([event], { 'tenant-id': h.tenant, traceparent: `00-${traceId}-${producerSpanId}-01` });
    const forEvent = (path: string) => (r: ReceivedRequest) =>
      r.path.split('?')[0] === path && r.headers['webhook-id'] === event.id;
    await receiver.waitFor(
      (all) =>
        all.some(forEvent('/ok')) && all.some(forEvent('/private')) && all.filter(forEvent('/flaky')).length === 2,
      30_000,
    );
    await eventually(
      () => attemptSpans(subs.flaky).length === 2 && attemptSpans(subs.ok).length === 1,
      10_000,
      'spans',
    );

    const ingest = spansOfTrace().find((s) => s.name === `process ${h.config.ingest.topics[0]}`)!;
    expect(ingest.kind).toBe(SpanKind.CONSUMER);
    expect(parentOf(ingest)).toBe(producerSpanId);
    expect(ingest.attributes).toMatchObject({
      'messaging.system': 'kafka',
      'messaging.destination.name': h.config.ingest.topics[0],
      'event.id': event.id,
      'event.type': 'order.created',
    });
    const ingestId = ingest.spanContext().spanId;
    expect(spansOfTrace().find((s) => s.name === 'match subscriptions')?.parentSpanContext?.spanId).toBe(ingestId);
    // Healthy subscriptions are delivered by ingest itself: no task goes through the deliveries topic.
    expect(spansOfTrace().some((s) => s.name === `send ${h.prefix}.deliveries`)).toBe(false);

    // First delivery: child of ingest, its HTTP client span beneath it, traceparent naming that client span.
    const [ok] = attemptSpans(subs.ok);
    expect([ok.name, ok.kind, parentOf(ok)]).toEqual(['deliver order.created', SpanKind.INTERNAL, ingestId]);
    expect(ok.attributes).toMatchObject({
      'event.id': event.id,
      'subscription.id': subs.ok,
      'delivery.attempt': 1,
      'delivery.outcome': 'success',
      'http.response.status_code': 200,
    });
    const okClient = clientSpanUnder(ok)!;
    expect(okClient.attributes).toMatchObject({ 'http.request.method': 'POST', 'http.response.status_code': 200 });
    expect(okClient.attributes['url.full']).toBe(`${receiver.url('/ok')}?REDACTED`);
    expect(JSON.stringify(spansOfTrace().map((s) => s.attributes))).not.toContain('s3cr3t');
    const okRequest = receiver.requests.find(forEvent('/ok'))!;
    expect(okRequest.headers.traceparent).toBe(`00-${traceId}-${okClient.spanContext().spanId}-01`);

    // The retry: same trace, same parent, read from the first tier, linked to the PRODUCER span that
    // wrote it there (a child of the failed attempt) and to the failed attempt.
    const prefix = h.prefix;
    const [failed, retried] = attemptSpans(subs.flaky);
    expect([failed.name, retried.name]).toEqual(['deliver order.created', `deliver ${prefix}.retry-1s`]);
    expect(failed.attributes).toMatchObject({ 'delivery.attempt': 1, 'delivery.outcome': 'http_error' });
    expect(clientSpanUnder(failed)!.attributes['http.response.status_code']).toBe(503);
    expect(retried.attributes).toMatchObject({ 'delivery.attempt': 2, 'delivery.outcome': 'success' });
    expect(parentOf(retried)).toBe(ingestId);
    const toTier = spansOfTrace().find((s) => s.name === `send ${prefix}.retry-1s`)!;
    expect([toTier.kind, parentOf(toTier)]).toEqual([SpanKind.PRODUCER, failed.spanContext().spanId]);
    expect(retried.links.map((l) => [l.context.spanId, l.attributes?.['hookline.link']])).toEqual([
      [toTier.spanContext().spanId, 'producer'],
      [failed.spanContext().spanId, 'previous_attempt'],
    ]);
    const flakyRequests = receiver.requests.filter(forEvent('/flaky'));
    expect(flakyRequests.map((r) => r.headers.traceparent)).toEqual([
      `00-${traceId}-${clientSpanUnder(failed)!.spanContext().spanId}-01`,
      `00-${traceId}-${clientSpanUnder(retried)!.spanContext().spanId}-01`,
    ]);

    // send_traceparent = false: traced on our side, nothing sent to theirs.
    expect(attemptSpans(subs.private)).toHaveLength(1);
    expect(receiver.requests.find(forEvent('/private'))!.headers.traceparent).toBeUndefined();

    // The delivery log leads from an attempt to its trace.
    const answer = await h.api.GET('/events/{eventId}/deliveries', { params: { path: { eventId: event.id } } });
    const log = expectBody(answer, 200) as { data: { subscription_id: string; trace_id: string }[] };
    expect(log.data).toHaveLength(4);
    expect(new Set(log.data.map((a) => a.trace_id))).toEqual(new Set([traceId]));
  });
});
