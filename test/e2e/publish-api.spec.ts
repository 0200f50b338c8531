import { ApiKeysService } from '../../src/modules/auth/api-keys.service.js';
import { RawClient, type ApiResponse } from '../support/api-client.js';
import { TopicRecorder } from '../support/failure-scenarios.js';
import { PipelineHarness } from '../support/harness.js';
import { KafkaProxy } from '../support/kafka-proxy.js';
import { eventually } from '../support/pipeline-fixtures.js';
import { uniqueId } from '../support/test-config.js';

const data = (n: number) => ({ order_id: `o-${n}`, status: 'pending', total: { amount: 100 + n, currency: 'EUR' } });

/** POSTs until the answer is neither 503 nor 409 in progress, waiting Retry-After between tries (a well-behaved client). */
async function publishWithRetry(client: RawClient, body: object, deadline = Date.now() + 90_000): Promise<ApiResponse> {
  for (;;) {
    const response = await client.request('POST', '/v1/events', { body });
    const again = response.status === 503 || response.body?.error?.code === 'PUBLISH_IN_PROGRESS';
    if (!again || Date.now() > deadline) return response;
    await new Promise((r) => setTimeout(r, Number(response.headers.get('retry-after') ?? 1) * 1000));
  }
}

async function inParallel<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await work(items[i]);
      }
    }),
  );
  return results;
}

/**
 * Acceptance: 1,000 events published over HTTP, 100 of them repeats: 900 are delivered, once each.
 * While one API instance's broker is away (a TCP proxy this test cuts), publishing answers 503 with
 * Retry-After and nothing it acknowledged is lost.
 */
describe('publish API: POST /v1/events', () => {
  let h: PipelineHarness;
  let publisher: RawClient;
  let publishKey: string;

  beforeAll(async () => {
    h = await PipelineHarness.start({
      // 1,100 publishes in well under a minute: above the default 600 a minute per key.
      env: { ROLES: 'api,ingest,delivery,retry', API_RATE_LIMIT_PER_MINUTE: '100000' },
      subscriptions: [{ path: '/published', events: ['order.*'] }],
    });
    publishKey = (await h.app.get(ApiKeysService).create(h.tenant, ['events:publish'], 'publisher')).key;
    publisher = new RawClient(h.baseUrl, publishKey);
  });
  afterAll(() => h?.close());

  it('needs the events:publish scope and refuses what ingest would park, with the fields at fault', async () => {
    const plain = new RawClient(h.baseUrl, h.key);
    expect((await plain.request('POST', '/v1/events', { body: { type: 'order.created', data: data(0) } })).status).toBe(
      403,
    );
    const bad = await publisher.request('POST', '/v1/events', {
      body: { id: '', type: 'not a type', created_at: 'yesterday', data: data(0), extra: 1, tenant_id: 'other' },
    });
    expect(bad.status).toBe(422);
    const fields = (bad.body.error.details as { field: string }[]).map((d) => d.field).sort();
    expect(fields).toEqual(['extra', 'tenant_id']);
    const envelope = await publisher.request('POST', '/v1/events', {
      body: { id: '', type: 'not a type', created_at: 'yesterday', data: [] },
    });
    expect(envelope.status).toBe(422);
    expect((envelope.body.error.details as { field: string }[]).map((d) => d.field).sort()).toEqual([
      'created_at',
      'data',
      'id',
      'type',
    ]);
  });

  it('publishes 1,000 events with 100 repeats: 900 delivered, once each; data reaches the ingest topic as sent', async () => {
    const prefix = uniqueId('pub');
    const recorder = await new TopicRecorder(h.kafka, h.config.ingest.topics[0]).start();
    h.onClose(() => recorder.stop());
    const originals = Array.from({ length: 900 }, (_, n) => ({
      id: `${prefix}-${n}`,
      type: 'order.created',
      data: data(n),
    }));
    // 500 one by one, 400 in four batches of 100.
    const singles = await inParallel(originals.slice(0, 500), 8, (e) => publishWithRetry(publisher, e));
    expect(singles.map((r) => r.status)).toEqual(singles.map(() => 202));
    expect(singles[0].headers.get('location')).toBe(`/v1/events/${prefix}-0/deliveries`);
    expect(singles[0].body).toEqual({ id: `${prefix}-0`, created_at: expect.any(String) });
    for (let i = 500; i < 900; i += 100) {
      const batch = await publisher.request('POST', '/v1/events/batch', { body: originals.slice(i, i + 100) });
      expect(batch.status).toBe(200);
      expect((batch.body.data as { status: number }[]).every((item) => item.status === 202)).toBe(true);
    }
    // 100 repeats of published ids (half with other data): the first answer again, nothing produced.
    const repeats = originals.slice(0, 100).map((e, n) => (n % 2 ? { ...e, data: data(-n) } : e));
    const again = await inParallel(repeats, 8, (e) => publishWithRetry(publisher, e));
    expect(again.map((r) => [r.status, r.headers.get('idempotent-replayed')])).toEqual(
      repeats.map(() => [202, 'true']),
    );
    expect(again[0].body).toEqual(singles[0].body);

    await eventually(() => distinct('/published', prefix) >= 900, 120_000, '900 deliveries');
    await new Promise((r) => setTimeout(r, 3_000));
    const delivered = h.receiver.deliveries('/published').filter((r) => r.headers['webhook-id'].startsWith(prefix));
    expect(delivered).toHaveLength(900);
    expect(distinct('/published', prefix)).toBe(900);
    const ours = recorder.records.filter((r) => (r.value as { id?: string }).id?.startsWith(prefix));
    expect(ours).toHaveLength(900);
    // Keyed by tenant, so that ingest reads a tenant's events in the order their 202s were answered.
    expect(new Set(ours.map((r) => r.key))).toEqual(new Set([h.tenant]));

    // Digits beyond 2^53 and the client's own spelling of data reach the ingest topic byte for byte.
    const exactData = '{ "amount" : 12345678901234567890123, "note":"caf\\u00e9", "n": 1.50 }';
    const raw = `{"id":"${prefix}-exact","type":"order.created","data":${exactData}}`;
    const exact = await publisher.request('POST', '/v1/events', {
      raw,
      headers: { 'content-type': 'application/json' },
    });
    expect(exact.status).toBe(202);
    const record = await recorder.find((r) => (r.value as { id?: string }).id === `${prefix}-exact`);
    expect(record.text).toContain(`"data":${exactData}}`);
    expect(record.headers['tenant-id']).toBe(h.tenant);
    await eventually(() => distinct('/published', `${prefix}-exact`) === 1, 30_000, 'the exact event delivered');
    const body = h.receiver.deliveries('/published').find((r) => r.headers['webhook-id'] === `${prefix}-exact`)!.body;
    expect(body).toContain('12345678901234567890123');
  }, 300_000);

  it('answers 503 with Retry-After while its broker is away, and loses nothing it acknowledged', async () => {
    const proxy = await new KafkaProxy().start();
    h.onClose(() => proxy.stop());
    const child = await h.process({ ROLES: 'api', KAFKA_BROKERS: proxy.address, PUBLISH_ACK_TIMEOUT_MS: '1500' });
    child.start();
    await child.waitReady();
    const api = new RawClient(child.baseUrl, publishKey);
    const prefix = uniqueId('out');
    const event = (n: number) => ({ id: `${prefix}-${n}`, type: 'order.updated', data: data(n) });
    const acknowledged = new Set<string>();
    const refused: number[] = [];
    const post = async (n: number) => {
      const response = await api.request('POST', '/v1/events', { body: event(n) });
      if (response.status === 202) acknowledged.add(event(n).id);
      else {
        expect([response.status, response.body.error.code]).toEqual([503, 'PUBLISH_UNAVAILABLE']);
        expect(Number(response.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
        refused.push(n);
      }
    };
    for (let n = 0; n < 20; n++) await post(n);
    expect(acknowledged.size).toBe(20);

    await proxy.cut();
    await inParallel(
      Array.from({ length: 20 }, (_, i) => 20 + i),
      4,
      post,
    );
    expect(refused.length).toBeGreaterThan(0);
    await proxy.restore();
    // The client publishes what was refused again, same ids, until acknowledged.
    for (const n of refused) {
      const response = await publishWithRetry(api, event(n));
      expect(response.status).toBe(202);
      acknowledged.add(event(n).id);
    }
    expect(acknowledged.size).toBe(40);
    await eventually(() => distinct('/published', prefix) === 40, 120_000, 'every acknowledged event delivered');
  }, 300_000);

  function distinct(path: string, prefix: string): number {
    return new Set(
      h.receiver
        .deliveries(path)
        .map((r) => r.headers['webhook-id'])
        .filter((id) => id.startsWith(prefix)),
    ).size;
  }
});
