import { randomBytes } from 'node:crypto';
import { byId } from '../support/api-client.js';
import { avroWriter, decimalBytes, frame, registerSchema } from '../support/avro-frames.js';
import { PipelineHarness } from '../support/harness.js';
import type { ReceivedRequest } from '../support/https-receiver.js';
import { expectStarted, follow } from '../support/operation-polling.js';
import { eventually } from '../support/pipeline-fixtures.js';
import { DATA_SCHEMA, ENVELOPE_SCHEMA, EXPECTED_DATA, paymentData } from '../support/avro-mapping-fixture.js';

/**
 * Registry-framed events through the real registry, broker and HTTPS receiver arrive exactly as
 * the producer meant them: every Avro logical type mapped to JSON, longs and JSON integers beyond
 * 2^53 digit for digit, decimals of several scales as exact strings, unions plain. Each test
 * compares the bytes the receiver got. A recovery re-delivers the stored event with the same digits.
 */
describe('pipeline: registry events delivered exactly (Avro logical types, big integers, JSON Schema)', () => {
  const startedAt = new Date();
  let h: PipelineHarness;
  let sub: string;
  let topic: string;
  let namespace: string;

  beforeAll(async () => {
    h = await PipelineHarness.start({
      env: { ROLES: 'api,ingest,delivery,operations', OPERATIONS_POLL_MS: '100' },
      subscriptions: [{ path: '/hook', events: ['*'] }],
    });
    [sub] = h.subscriptionIds;
    topic = h.config.ingest.topics[0];
    namespace = `hookline.test.${h.tenant.replaceAll('-', '_')}`;
  });
  afterAll(() => h?.close());

  const publish = (value: Buffer | string) => h.publish([Buffer.from(value)]);
  const byEvent = (id: string) => (r: ReceivedRequest) => r.headers['webhook-id'] === id;
  const deliveredBody = async (id: string) => {
    await h.receiver.waitFor((all) => all.some(byEvent(id)), 20_000);
    return h.receiver.requests.find(byEvent(id))!.body;
  };
  const register = (schema: object, subject: string, type: 'AVRO' | 'JSON' = 'AVRO') =>
    registerSchema(h.config.registry.url, subject, schema, type);

  it('maps every Avro logical type, big long, decimal scale and union to exact JSON', async () => {
    const schema = ENVELOPE_SCHEMA(namespace);
    // RecordNameStrategy: the subject is the record's full name; Hookline only reads the id.
    const id = await register(schema, `${namespace}.PaymentEnvelope`);
    const eventId = `evt_${randomBytes(8).toString('hex')}`;
    const createdAt = Date.UTC(2026, 10, 23, 2, 25, 43, 123);
    const payload = avroWriter(schema).toBuffer({
      id: eventId,
      type: 'payment.succeeded',
      created_at: BigInt(createdAt),
      data: paymentData(namespace),
    });
    await publish(frame(id, payload));

    expect(await deliveredBody(eventId)).toBe(
      `{"id":"${eventId}","type":"payment.succeeded","created_at":"2026-11-23T02:25:43.123Z",` +
        `"data":${EXPECTED_DATA},"sequence":1,"previous_event_id":null}`,
    );
  });

  it('the acceptance example: decimal 42.17 as "42.17", created_at from timestamp-millis, 2^53 + 1 exact', async () => {
    const schema = {
      type: 'record',
      name: 'Payment',
      namespace,
      fields: [
        { name: 'id', type: 'string' },
        { name: 'type', type: 'string' },
        { name: 'created_at', type: { type: 'long', logicalType: 'timestamp-millis' } },
        { name: 'data', type: DATA_SCHEMA.acceptance },
      ],
    };
    // TopicRecordNameStrategy: <topic>-<record full name>.
    const id = await register(schema, `${topic}-${namespace}.Payment`);
    const eventId = `evt_${randomBytes(8).toString('hex')}`;
    const payload = avroWriter(schema).toBuffer({
      id: eventId,
      type: 'payment.succeeded',
      created_at: BigInt(Date.UTC(2026, 0, 2, 3, 4, 5, 6)),
      data: { amount: decimalBytes(4217n), ledger_id: 2n ** 53n + 1n },
    });
    await publish(frame(id, payload));
    const body = await deliveredBody(eventId);
    expect(body).toContain('"created_at":"2026-01-02T03:04:05.006Z"');
    expect(body).toContain('"data":{"amount":"42.17","ledger_id":9007199254740993}');
  });

  it('keeps JSON Schema framed and plain JSON integers beyond 2^53 exact and checks format: date-time', async () => {
    const schema = {
      $schema: 'http://json-schema.org/draft-07/schema#',
      title: 'Transfer',
      type: 'object',
      required: ['id', 'type', 'created_at', 'data'],
      properties: {
        id: { type: 'string' },
        type: { type: 'string' },
        created_at: { type: 'string', format: 'date-time' },
        data: {
          type: 'object',
          properties: { ledger_id: { type: 'integer' }, settled_at: { type: 'string', format: 'date-time' } },
        },
      },
    };
    // TopicNameStrategy: <topic>-value.
    const id = await register(schema, `${topic}-value`, 'JSON');
    const framed = `evt_${randomBytes(8).toString('hex')}`;
    const plain = `evt_${randomBytes(8).toString('hex')}`;
    const badFormat = `evt_${randomBytes(8).toString('hex')}`;
    const text = (eventId: string, settledAt: string) =>
      `{"id":"${eventId}","type":"transfer.settled","created_at":"2026-11-23T10:00:00Z",` +
      `"data":{"ledger_id":9007199254740993,"negative":-18446744073709551617,` +
      `"ratio":0.1000000000000000055511151231257827,"settled_at":"${settledAt}"}}`;
    await publish(frame(id, text(framed, '2026-11-23T10:00:01Z')));
    await publish(text(plain, '2026-11-23T10:00:01Z'));
    await publish(frame(id, text(badFormat, 'yesterday')));

    const data =
      '"data":{"ledger_id":9007199254740993,"negative":-18446744073709551617,' +
      '"ratio":0.1000000000000000055511151231257827,"settled_at":"2026-11-23T10:00:01Z"}';
    expect(await deliveredBody(framed)).toContain(data);
    expect(await deliveredBody(plain)).toContain(data);
    await eventually(async () => (await h.fixtures.deadLetters(topic)).length === 1, 20_000, 'one dead letter');
    const [parked] = await h.fixtures.deadLetters(topic);
    expect(parked.reason).toBe('invalid_envelope');
    expect(parked.detail).toMatch(/settled_at.*date-time/);
    expect(h.receiver.requests.some(byEvent(badFormat))).toBe(false);
  });

  it('a recovery re-delivers the stored event with the same digits', async () => {
    const { api, receiver } = h;
    const eventId = `evt_${randomBytes(8).toString('hex')}`;
    await publish(
      `{"id":"${eventId}","type":"ledger.posted","created_at":"2026-11-23T10:00:00Z",` +
        `"data":{"ledger_id":9223372036854775807,"amount":"42.17"}}`,
    );
    const first = await deliveredBody(eventId);
    const started = await api.POST('/webhooks/{id}/recoveries', {
      ...byId(sub),
      body: {
        since: new Date(startedAt.getTime() - 60_000).toISOString(),
        until: new Date().toISOString(),
        status: 'all',
      },
    });
    expect((await follow(api, expectStarted(started))).final.status).toBe('COMPLETED');
    await receiver.waitFor((all) => all.filter(byEvent(eventId)).length === 2, 20_000);
    const again = receiver.requests.filter(byEvent(eventId))[1];
    expect(again.body).toContain('"ledger_id":9223372036854775807');
    // Postgres jsonb orders keys its own way; the values and digits are what must not change.
    const dataOf = (body: string) => /"data":(\{[^}]*\})/.exec(body)![1];
    expect(new Set(dataOf(again.body).slice(1, -1).split(','))).toEqual(new Set(dataOf(first).slice(1, -1).split(',')));
  });

  it('delivers a task record in the shape from before body (rolling upgrade)', async () => {
    const event = {
      id: `evt_${randomBytes(8).toString('hex')}`,
      type: 'order.created',
      created_at: '2026-11-23T10:00:00Z',
      data: { order_id: 'o-1', total: 12.5 },
      sequence: 1,
      previous_event_id: null,
    };
    const now = new Date().toISOString();
    const oldTask = {
      type: 'DeliveryTaskV1',
      ...{ tenant_id: h.tenant, subscription_id: sub, event, attempt: 1, trigger: 'initial' },
      ...{ first_attempt_at: now, enqueued_at: now },
    };
    await h.kafka.send(h.topic('deliveries'), [{ key: sub, value: JSON.stringify(oldTask) }]);
    expect(await deliveredBody(event.id)).toBe(JSON.stringify(event));
  });
});
