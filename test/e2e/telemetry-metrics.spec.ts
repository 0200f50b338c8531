import { expectData } from '../support/api-client.js';
import { PipelineHarness } from '../support/harness.js';
import { HttpsReceiver } from '../support/https-receiver.js';
import { envelope, eventually } from '../support/pipeline-fixtures.js';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

function parse(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line)!;
      const labels = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
      return { name: match[1], labels, value: Number(match[3]) };
    });
}

/** Sum of the series of `name` whose labels include `labels`. */
const sum = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((total, s) => total + s.value, 0);

/** GET /metrics exposes every series the operations dashboards need, and they move under load. */
describe('telemetry: /metrics', () => {
  let h: PipelineHarness;
  let lastText = '';
  const scrape = async () => {
    const res = await fetch(h.metricsUrl);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    lastText = await res.text();
    return parse(lastText);
  };

  beforeAll(async () => {
    const receiver = new HttpsReceiver();
    receiver.responder = (req) =>
      req.path === '/down'
        ? { status: 503 }
        : req.path === '/gone'
          ? { status: 410 }
          : req.path === '/slow'
            ? { status: 200, delayMs: 1500 }
            : { status: 200 };
    h = await PipelineHarness.start({
      receiver,
      env: { ROLES: 'all', CIRCUIT_CONSECUTIVE_FAILURES: '2' },
      subscriptions: ['ok', 'down', 'gone', 'slow'].map((path) => ({ path: `/${path}`, events: [`${path}.*`] })),
    });
  });
  afterAll(() => h?.close());

  const publish = (value: object | string) => h.publish([typeof value === 'string' ? Buffer.from(value) : value]);

  it('exposes every series, and their values move during a run', async () => {
    const before = await scrape();
    // Declared from the start (a labelled series has samples once it first moves).
    for (const name of [
      'hookline_deliveries_total',
      'hookline_delivery_attempt_duration_seconds',
      'hookline_delivery_latency_seconds',
      'hookline_deliveries_in_flight',
      'hookline_kafka_consumer_lag',
      'hookline_retry_tier_depth',
      'hookline_dlq_messages_total',
      'hookline_circuit_breakers',
      'hookline_http_requests_total',
      'hookline_http_request_duration_seconds',
      'process_cpu_user_seconds_total',
    ])
      expect(lastText).toMatch(new RegExp(`^# TYPE ${name} (counter|gauge|histogram)$`, 'm'));

    await publish(envelope('ok.created'));
    await publish(envelope('gone.created'));
    await publish(envelope('slow.created'));
    await publish(envelope('down.created'));
    await publish('not json at all');
    expectData(await h.api.GET('/webhooks'), 200);

    // The slow endpoint holds one request open for 1.5 s.
    await eventually(async () => sum(await scrape(), 'hookline_deliveries_in_flight') >= 1, 15_000, 'in flight');
    // The failing endpoint's task waits in a retry tier, and two failures in a row open its circuit.
    await eventually(async () => sum(await scrape(), 'hookline_retry_tier_depth') >= 1, 20_000, 'retry tier depth');
    await eventually(
      async () => sum(await scrape(), 'hookline_circuit_breakers', { state: 'open' }) >= 1,
      20_000,
      'an open circuit',
    );
    await eventually(
      async () => sum(await scrape(), 'hookline_dlq_messages_total', { reason: 'gone' }) >= 1,
      15_000,
      'a DLQ record for 410',
    );

    const after = await scrape();
    const moved = (name: string, labels: Record<string, string> = {}) =>
      sum(after, name, labels) - sum(before, name, labels);
    expect(moved('hookline_deliveries_total', { outcome: 'success', status_class: '2xx' })).toBeGreaterThanOrEqual(2);
    expect(moved('hookline_deliveries_total', { outcome: 'http_error', status_class: '4xx' })).toBeGreaterThanOrEqual(
      1,
    );
    expect(moved('hookline_deliveries_total', { outcome: 'http_error', status_class: '5xx' })).toBeGreaterThanOrEqual(
      2,
    );
    expect(moved('hookline_delivery_attempt_duration_seconds_count')).toBeGreaterThanOrEqual(5);
    expect(moved('hookline_delivery_attempt_duration_seconds_count', { outcome: 'success' })).toBeGreaterThanOrEqual(2);
    // The four JSON envelopes; the undecodable record is not an accepted event.
    expect(moved('hookline_ingest_events_total', { format: 'json' })).toBe(4);
    expect(moved('hookline_delivery_latency_seconds_count')).toBeGreaterThanOrEqual(2);
    expect(moved('hookline_dlq_messages_total', { reason: 'undecodable' })).toBeGreaterThanOrEqual(1);
    expect(moved('hookline_http_requests_total', { route: '/v1/webhooks', method: 'GET', status_code: '200' })).toBe(1);
    expect(moved('hookline_http_request_duration_seconds_count', { route: '/v1/webhooks' })).toBe(1);
    expect(sum(after, 'hookline_kafka_consumer_lag', { topic: h.config.ingest.topics[0] })).toBe(0);
    expect(after.filter((s) => s.name === 'hookline_kafka_consumer_lag').map((s) => s.labels.topic)).toContain(
      h.topic('deliveries'),
    );
  });
});
