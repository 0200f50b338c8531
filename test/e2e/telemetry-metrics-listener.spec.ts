import { PipelineHarness } from '../support/harness.js';
import { expectErrorBody } from '../support/api-client.js';

const TOKEN = 'metrics-token-0123456789abcdef';

/** /metrics lives on its own listener, guarded by a bearer token; the API port does not serve it. */
describe('telemetry: the private metrics listener', () => {
  let h: PipelineHarness;

  beforeAll(async () => {
    h = await PipelineHarness.start({ env: { METRICS_BEARER_TOKEN: TOKEN } });
  });
  afterAll(() => h?.close());

  it('answers /metrics on the API port with 404 and the spec error body, with or without a key', async () => {
    expect(new URL(h.metricsUrl).port).not.toBe(new URL(h.baseUrl).port);
    expectErrorBody(await h.api.raw.get('/metrics'), 404, 'NOT_FOUND');
    expectErrorBody(await h.api.raw.get('/metrics', { key: null }), 404, 'NOT_FOUND');
    expectErrorBody(await h.api.raw.get('/v1/metrics'), 404, 'NOT_FOUND');
  });

  it('serves the Prometheus text only to a scrape carrying the token', async () => {
    const without = await fetch(h.metricsUrl);
    expect(without.status).toBe(401);
    expect(without.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect(await without.text()).not.toContain('hookline_');
    expect((await fetch(h.metricsUrl, { headers: { authorization: `Bearer ${TOKEN}x` } })).status).toBe(401);
    expect((await fetch(h.metricsUrl, { headers: { authorization: TOKEN } })).status).toBe(401);

    const scraped = await fetch(h.metricsUrl, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(scraped.status).toBe(200);
    expect(scraped.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await scraped.text();
    expect(text).toMatch(/^# HELP hookline_/m);
    expect(text).toMatch(/^process_cpu_user_seconds_total /m);
  });

  it('serves nothing else on the metrics port', async () => {
    const auth = { authorization: `Bearer ${TOKEN}` };
    expect((await fetch(h.metricsUrl.replace('/metrics', '/v1/webhooks'), { headers: auth })).status).toBe(404);
    expect((await fetch(h.metricsUrl.replace('/metrics', '/health/ready'), { headers: auth })).status).toBe(404);
    const post = await fetch(h.metricsUrl, { method: 'POST', headers: auth });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
  });
});
