import { createHmac, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { SchemaRegistry, SchemaType } from '@kafkajs/confluent-schema-registry';
import type { INestApplication } from '@nestjs/common';
import { Webhook } from 'standardwebhooks';
import { startApp } from '../../src/bootstrap.js';
import { MatchingService } from '../../src/modules/matching/matching.service.js';
import { KafkaService } from '../../src/platform/kafka/kafka.service.js';
import { HttpsReceiver, type ReceivedRequest } from '../support/https-receiver.js';
import { envelope, eventually, PipelineFixtures } from '../support/pipeline-fixtures.js';
import { testConfig, uniqueId } from '../support/test-config.js';
import { pipelineTopology } from '../../src/topology.js';

const hmacHex = (key: string, data: string) => createHmac('sha256', key).update(data).digest('hex');

/**
 * Events published to Kafka by a test producer reach a real HTTPS receiver, signed three ways, and
 * the delivery log API shows every attempt.
 */
describe('pipeline: ingest → match → signed HTTPS delivery → delivery log', () => {
  const tenant = uniqueId('tenant-');
  const otherTenant = uniqueId('tenant-');
  const apiKey = `hk_${randomBytes(16).toString('hex')}`;
  const otherKey = `hk_${randomBytes(16).toString('hex')}`;
  const secret = `whsec_${randomBytes(24).toString('base64')}`;
  const receiver = new HttpsReceiver();
  let config: ReturnType<typeof testConfig>;
  let kafka: KafkaService;
  let fixtures: PipelineFixtures;
  let app: INestApplication;
  let baseUrl: string;
  const subs: Record<string, string> = {};

  beforeAll(async () => {
    await receiver.start();
    config = testConfig({
      ROLES: 'api,ingest,delivery,operations',
      EGRESS_CA_FILE: receiver.caFile,
      API_KEYS: `${tenant}:${apiKey},${otherTenant}:${otherKey}`,
    });
    kafka = new KafkaService(config, pipelineTopology(config));
    await kafka.start();
    fixtures = new PipelineFixtures(kafka);
    subs.orders = await fixtures.insertSubscription({
      tenantId: tenant,
      url: receiver.url('/orders'),
      events: ['order.*'],
      secrets: [secret],
    });
    subs.payments = await fixtures.insertSubscription({
      tenantId: tenant,
      url: receiver.url('/payments'),
      events: ['payment.succeeded'],
    });
    subs.disabled = await fixtures.insertSubscription({
      tenantId: tenant,
      url: receiver.url('/disabled'),
      events: ['*'],
      status: 'disabled',
    });
    subs.otherTenant = await fixtures.insertSubscription({
      tenantId: otherTenant,
      url: receiver.url('/other-tenant'),
      events: ['*'],
    });
    app = await startApp(config);
    baseUrl = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await app?.close();
    await kafka?.onModuleDestroy();
    await fixtures?.close();
    await receiver.stop();
  });

  const publish = (value: object | Buffer, headers: Record<string, string> = { 'tenant-id': tenant }) =>
    kafka.send(config.ingestTopics[0], [
      { key: null, value: Buffer.isBuffer(value) ? value : JSON.stringify(value), headers },
    ]);
  const api = async (path: string, key = apiKey) => {
    const res = await fetch(`${baseUrl}${path}`, { headers: { authorization: `Bearer ${key}` } });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are asserted field by field
    return { status: res.status, body: (await res.json()) as Record<string, any> };
  };
  const byEvent = (id: string) => (r: ReceivedRequest) => r.headers['webhook-id'] === id;

  it('delivers matching events, exactly signed three ways, to the right subscriptions only', async () => {
    const order = envelope('order.created', {
      order_id: 'o-1',
      status: 'pending',
      total: { amount: 1200, currency: 'EUR' },
    });
    const payment = envelope('payment.succeeded', { payment_id: 'p-1' });
    const unmatched = envelope('user.deleted', { user_id: 'u-1' });
    await publish(order);
    await publish(payment);
    await publish(unmatched);
    await receiver.waitFor((all) => all.some(byEvent(order.id)) && all.some(byEvent(payment.id)), 20_000);
    await new Promise((r) => setTimeout(r, 1000));

    const orders = receiver.deliveries('/orders');
    expect(orders.map((r) => r.headers['webhook-id'])).toEqual([order.id]);
    expect(receiver.deliveries('/payments').map((r) => r.headers['webhook-id'])).toEqual([payment.id]);
    expect(receiver.deliveries('/disabled')).toHaveLength(0);
    expect(receiver.deliveries('/other-tenant')).toHaveLength(0);
    expect(receiver.requests.some(byEvent(unmatched.id))).toBe(false);

    const [delivery] = orders;
    const body = JSON.parse(delivery.body);
    expect(body).toEqual({ ...order, sequence: 1, previous_event_id: null });
    expect(delivery.headers['content-type']).toBe('application/json');
    expect(delivery.headers['user-agent']).toMatch(/^Hookline\/\d+\.\d+\.\d+/);

    // 1. X-Signature: sha256=<hex HMAC(secret, body)>
    expect(delivery.headers['x-signature']).toBe(`sha256=${hmacHex(secret, delivery.body)}`);
    // 2. X-Webhook-Signature: t=<unix>,v1=<hex HMAC(secret, "<t>.<body>")>, fresh
    const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(delivery.headers['x-webhook-signature'])!;
    expect(v1).toBe(hmacHex(secret, `${t}.${delivery.body}`));
    expect(Math.abs(Date.now() / 1000 - Number(t))).toBeLessThan(300);
    // 3. Standard Webhooks, checked by the standardwebhooks package's own verifier.
    expect(new Webhook(secret).verify(delivery.body, delivery.headers)).toEqual(body);
    expect(() =>
      new Webhook(`whsec_${randomBytes(24).toString('base64')}`).verify(delivery.body, delivery.headers),
    ).toThrow();
  });

  it('numbers events per subscription and names the previous one', async () => {
    const first = envelope('order.updated', { order_id: 'o-1' });
    const second = envelope('order.updated', { order_id: 'o-1' });
    await publish(first);
    await receiver.waitFor((all) => all.some(byEvent(first.id)));
    await publish(second);
    await receiver.waitFor((all) => all.some(byEvent(second.id)));
    const bodies = receiver.deliveries('/orders').map((r) => JSON.parse(r.body));
    const a = bodies.find((b) => b.id === first.id);
    const b = bodies.find((b) => b.id === second.id);
    expect(b.sequence).toBe(a.sequence + 1);
    expect(b.previous_event_id).toBe(first.id);
  });

  it('decodes Schema Registry framed Avro and JSON Schema events', async () => {
    const registry = new SchemaRegistry({ host: config.env.SCHEMA_REGISTRY_URL });
    const avro = await registry.register(
      {
        type: SchemaType.AVRO,
        schema: JSON.stringify({
          type: 'record',
          name: 'Envelope',
          namespace: `hookline.test.${tenant.replaceAll('-', '_')}`,
          fields: [
            { name: 'id', type: 'string' },
            { name: 'type', type: 'string' },
            { name: 'created_at', type: 'string' },
            { name: 'data', type: 'string' },
          ],
        }),
      },
      { subject: `${tenant}-avro-value` },
    );
    const json = await registry.register(
      {
        type: SchemaType.JSON,
        schema: JSON.stringify({
          type: 'object',
          required: ['id', 'type', 'created_at', 'data'],
          properties: {
            id: { type: 'string' },
            type: { type: 'string' },
            created_at: { type: 'string' },
            data: { type: 'object' },
          },
        }),
      },
      { subject: `${tenant}-json-value` },
    );
    const viaAvro = envelope('order.created', { order_id: 'o-avro' });
    const viaJson = envelope('order.created', { order_id: 'o-json' });
    await publish(await registry.encode(avro.id, { ...viaAvro, data: JSON.stringify(viaAvro.data) }));
    await publish(await registry.encode(json.id, viaJson));
    await receiver.waitFor((all) => all.some(byEvent(viaAvro.id)) && all.some(byEvent(viaJson.id)));
    const body = (id: string) => JSON.parse(receiver.requests.find(byEvent(id))!.body);
    expect(body(viaAvro.id).data).toEqual({ order_id: 'o-avro' });
    expect(body(viaJson.id).data).toEqual({ order_id: 'o-json' });
  });

  it('sees a new subscription within 2 s of its changelog record', async () => {
    const id = await fixtures.insertSubscription({
      tenantId: tenant,
      url: receiver.url('/late'),
      events: ['late.event'],
    });
    const table = app.get(MatchingService).table;
    expect(table.get(id)).toBeUndefined();
    await fixtures.publishChange(config.env.KAFKA_TOPIC_PREFIX, id);
    await eventually(() => table.get(id) !== undefined, 2_000, 'the changelog record in the subscription table');
    const event = envelope('late.event');
    await publish(event);
    await receiver.waitFor((all) => all.some((r) => r.path === '/late' && byEvent(event.id)(r)));
  });

  it('shows every attempt in the delivery log API, tenant-scoped', async () => {
    const order = JSON.parse(receiver.deliveries('/orders')[0].body) as { id: string };
    await eventually(async () => (await api(`/v1/webhooks/${subs.orders}/deliveries`)).body.data?.length >= 3);

    const page = await api(`/v1/webhooks/${subs.orders}/deliveries?limit=2`);
    expect(page.status).toBe(200);
    expect(page.body.data).toHaveLength(2);
    expect(page.body.pagination.has_more).toBe(true);
    for (const attempt of page.body.data) {
      expect(attempt).toMatchObject({ subscription_id: subs.orders, status_code: 200, outcome: 'success', attempt: 1 });
      expect(typeof attempt.response_time_ms).toBe('number');
    }
    const next = await api(`/v1/webhooks/${subs.orders}/deliveries?limit=2&after=${page.body.pagination.next_cursor}`);
    const seen = new Set([...page.body.data, ...next.body.data].map((a: { id: string }) => a.id));
    expect(seen.size).toBe(page.body.data.length + next.body.data.length);

    const filtered = await api(`/v1/webhooks/${subs.orders}/deliveries?event_id=${order.id}`);
    expect(filtered.body.data).toHaveLength(1);
    const attemptId = filtered.body.data[0].id;
    const one = await api(`/v1/webhooks/${subs.orders}/deliveries/${attemptId}`);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ id: attemptId, event_id: order.id, status_code: 200, response_body: 'ok' });

    const byEventApi = await api(`/v1/events/${order.id}/deliveries`);
    expect(byEventApi.body.data.map((a: { subscription_id: string }) => a.subscription_id)).toEqual([subs.orders]);

    expect((await api(`/v1/webhooks/${subs.orders}/deliveries`, otherKey)).status).toBe(404);
    expect((await api(`/v1/events/${order.id}/deliveries`, otherKey)).body.data).toEqual([]);
    expect((await api(`/v1/webhooks/${subs.orders}/deliveries?outcome=nonsense`)).status).toBe(422);
  });
});
