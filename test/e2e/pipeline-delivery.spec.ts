import { createHmac, randomBytes } from 'node:crypto';
import { SchemaRegistry, SchemaType } from '@kafkajs/confluent-schema-registry';
import { Webhook } from 'standardwebhooks';
import { MatchingService } from '../../src/modules/matching/matching.service.js';
import { expectBody, expectErrorBody } from '../support/api-client.js';
import { PipelineHarness } from '../support/harness.js';
import type { ReceivedRequest } from '../support/https-receiver.js';
import { envelope, eventually } from '../support/pipeline-fixtures.js';

const hmacHex = (key: string, data: string) => createHmac('sha256', key).update(data).digest('hex');

/**
 * Events published to Kafka by a test producer reach a real HTTPS receiver, signed three ways, and
 * the delivery log API shows every attempt.
 */
describe('pipeline: ingest → match → signed HTTPS delivery → delivery log', () => {
  const secret = `whsec_${randomBytes(24).toString('base64')}`;
  const names = ['orders', 'payments', 'disabled', 'otherTenant'];
  let h: PipelineHarness;
  let tenant: string;
  const subs: Record<string, string> = {};

  beforeAll(async () => {
    h = await PipelineHarness.start({
      tenants: 2,
      env: { ROLES: 'api,ingest,delivery,operations' },
      subscriptions: [
        { path: '/orders', events: ['order.*'], secrets: [secret] },
        { path: '/payments', events: ['payment.succeeded'] },
        { path: '/disabled', events: ['*'], status: 'disabled' },
        { path: '/other-tenant', events: ['*'], tenant: 1 },
      ],
    });
    names.forEach((name, i) => (subs[name] = h.subscriptionIds[i]));
    tenant = h.tenant;
  });
  afterAll(() => h?.close());

  const publish = (value: object | Buffer) => h.publish([value]);
  const byEvent = (id: string) => (r: ReceivedRequest) => r.headers['webhook-id'] === id;

  it('delivers matching events, exactly signed three ways, to the right subscriptions only', async () => {
    const { receiver } = h;
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
    const { receiver } = h;
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
    const { receiver } = h;
    const registry = new SchemaRegistry({ host: h.config.registry.url });
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
    const { receiver, fixtures } = h;
    const id = await fixtures.insertSubscription({
      tenantId: tenant,
      url: receiver.url('/late'),
      events: ['late.event'],
    });
    const table = h.app.get(MatchingService).table;
    expect(table.get(id)).toBeUndefined();
    await fixtures.publishChange(h.prefix, id);
    await eventually(() => table.get(id) !== undefined, 2_000, 'the changelog record in the subscription table');
    const event = envelope('late.event');
    await publish(event);
    await receiver.waitFor((all) => all.some((r) => r.path === '/late' && byEvent(event.id)(r)));
  });

  it('shows every attempt in the delivery log API, tenant-scoped', async () => {
    const { api } = h;
    const other = api.as(h.keys[1]);
    const order = JSON.parse(h.receiver.deliveries('/orders')[0].body) as { id: string };
    const log = (query: { limit?: number; after?: string; event_id?: string } = {}, client = api) =>
      client.GET('/webhooks/{id}/deliveries', { params: { path: { id: subs.orders }, query } });
    await eventually(async () => expectBody(await log(), 200).data.length >= 3);

    const page = expectBody(await log({ limit: 2 }), 200);
    expect(page.data).toHaveLength(2);
    expect(page.pagination.has_more).toBe(true);
    for (const attempt of page.data) {
      expect(attempt).toMatchObject({ subscription_id: subs.orders, status_code: 200, outcome: 'success', attempt: 1 });
      expect(typeof attempt.response_time_ms).toBe('number');
    }
    const next = expectBody(await log({ limit: 2, after: page.pagination.next_cursor }), 200);
    const seen = new Set([...page.data, ...next.data].map((a: { id: string }) => a.id));
    expect(seen.size).toBe(page.data.length + next.data.length);

    const filtered = expectBody(await log({ event_id: order.id }), 200);
    expect(filtered.data).toHaveLength(1);
    const attemptId = filtered.data[0].id;
    const one = await api.GET('/webhooks/{id}/deliveries/{attemptId}', {
      params: { path: { id: subs.orders, attemptId } },
    });
    expect(expectBody(one, 200)).toMatchObject({
      id: attemptId,
      event_id: order.id,
      status_code: 200,
      response_body: 'ok',
    });

    const byEventApi = (client = api) =>
      client.GET('/events/{eventId}/deliveries', { params: { path: { eventId: order.id } } });
    const forEvent = expectBody(await byEventApi(), 200);
    expect(forEvent.data.map((a: { subscription_id: string }) => a.subscription_id)).toEqual([subs.orders]);

    expect((await log({}, other)).response.status).toBe(404);
    expect(expectBody(await byEventApi(other), 200).data).toEqual([]);
    // Not an outcome the document knows: sent raw.
    expectErrorBody(await api.raw.get(`/v1/webhooks/${subs.orders}/deliveries?outcome=nonsense`), 422);
  });
});
