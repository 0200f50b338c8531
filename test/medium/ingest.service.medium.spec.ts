import type { DeliveryTaskV2 } from '../../src/modules/delivery/delivery-task.js';
import { TaskDeferral } from '../../src/modules/delivery/dispatch/task-deferral.js';
import { SubscriptionPressure } from '../../src/modules/delivery/pressure/subscription-pressure.js';
import { DUE_AT_HEADER } from '../../src/platform/kafka/kafka-pipeline.transport.js';
import { deliveryTask } from '../support/delivery-tasks.js';
import { EventsModule } from '../../src/modules/events/events.module.js';
import { PoisonMessageError } from '../../src/modules/events/ingest-errors.js';
import { IngestService } from '../../src/modules/events/ingest.service.js';
import { MatchingService } from '../../src/modules/matching/matching.service.js';
import type { InboundMessage } from '../../src/platform/kafka/inbound-message.js';
import type { TopicRecorder } from '../support/failure-scenarios.js';
import { MediumStack } from '../support/medium.js';
import type { SubscriptionFixture } from '../support/pipeline-fixtures.js';
import { uniqueId } from '../support/test-config.js';

/**
 * IngestService through EventsModule on real Postgres and Kafka: matching against the
 * subscription table, the event row, per-subscription sequences, and the tasks read back from the
 * real deliveries topic. Records are handed in as the ingest consumer hands them.
 */
describe('IngestService (medium)', () => {
  let stack: MediumStack;
  let ingest: IngestService;
  let matching: MatchingService;
  let deliveries: TopicRecorder<DeliveryTaskV2>;
  let firstTier: TopicRecorder<DeliveryTaskV2>;
  let deferral: TaskDeferral;
  let pressure: SubscriptionPressure;
  let offset = 0;

  beforeAll(async () => {
    stack = await MediumStack.start();
    deliveries = await stack.record(stack.topics.deliveries);
    firstTier = await stack.record(stack.topics.retries[0]);
    const module = await stack.module(EventsModule);
    [ingest, matching, deferral] = [module.get(IngestService), module.get(MatchingService), module.get(TaskDeferral)];
    pressure = module.get(SubscriptionPressure);
  });
  afterAll(() => stack?.close());

  /** A subscription row, applied to this instance's table as the changelog consumer applies it. */
  const subscribe = async (s: Partial<SubscriptionFixture>) => {
    const id = await stack.subscription(s);
    const tenant = s.tenantId ?? stack.tenant;
    await matching.apply({ type: 'SubscriptionChangedV1', id, tenant_id: tenant, version: 1, deleted: false });
    return id;
  };
  const record = (text: string | Buffer, tenant = stack.tenant): InboundMessage => ({
    topic: stack.config.ingest.topics[0],
    group: `${stack.config.kafka.groupPrefix}.ingest`,
    partition: 0,
    offset: String(++offset),
    key: null,
    value: Buffer.from(text),
    headers: { 'tenant-id': tenant },
    timestamp: Date.now(),
  });
  /** JSON text with a number no double holds, so that only an exact copy of the data passes. */
  const eventText = (id: string, type = 'order.created') =>
    `{"id":"${id}","type":"${type}","created_at":"2026-01-02T03:04:05.678Z","data":{"amount":12345678901234567890123,"note":"é"}}`;
  const expectedBody = (id: string, sequence: number, previous: string | null) =>
    `{"id":"${id}","type":"order.created","created_at":"2026-01-02T03:04:05.678Z",` +
    `"data":{"amount":12345678901234567890123,"note":"é"},"sequence":${sequence},"previous_event_id":${JSON.stringify(previous)}}`;
  const tasksOf = async (eventId: string, count: number) => {
    await deliveries.find(() => deliveries.records.filter((r) => r.value.event.id === eventId).length === count);
    return deliveries.records.filter((r) => r.value.event.id === eventId);
  };

  it('fans an event out to the matching subscriptions only, stored and numbered per subscription', async () => {
    const prefix = await subscribe({ events: ['order.*'] });
    const exact = await subscribe({ events: ['order.created'] });
    await subscribe({ events: ['payment.failed'] });
    await subscribe({ tenantId: uniqueId('tenant-'), events: ['*'] });
    const [first, second] = [uniqueId('evt_'), uniqueId('evt_')];

    expect(await ingest.ingest(record(eventText(first)))).toEqual({ eventId: first, tenantId: stack.tenant, tasks: 2 });
    await ingest.ingest(record(eventText(second)));

    const stored = await stack.fixtures.db.query(
      `SELECT id, subscription_ids, payload->'data'->>'note' AS note FROM events WHERE tenant_id = $1 AND id = ANY($2)`,
      [stack.tenant, [first, second]],
    );
    expect(stored.rows).toHaveLength(2);
    stored.rows.forEach((r) => expect([...r.subscription_ids].sort()).toEqual([prefix, exact].sort()));
    for (const id of [prefix, exact]) {
      const [a] = (await tasksOf(first, 2)).filter((r) => r.key === id);
      const [b] = (await tasksOf(second, 2)).filter((r) => r.key === id);
      expect(a.value).toMatchObject({ tenant_id: stack.tenant, subscription_id: id, attempt: 1, trigger: 'initial' });
      expect(a.value.body).toBe(expectedBody(first, 1, null));
      expect(b.value.body).toBe(expectedBody(second, 2, first));
    }
  });

  it.each([
    ['too_large', () => Buffer.alloc(stack.config.limits.maxEventBytes + 1, 32), /MAX_EVENT_BYTES is \d+/],
    ['undecodable', () => 'not json {', /not JSON and not registry-framed/],
    ['invalid_envelope', () => '{"id":"x","type":"order","data":{}}', /type must be a dotted name.*created_at/],
  ])(
    'throws the poison error %s with its reason for a record that can never succeed',
    async (reason, value, detail) => {
      await subscribe({ events: ['*'] });
      const before = await stack.recordCount(stack.topics.deliveries);

      const thrown = await ingest.ingest(record(value())).catch((e: unknown) => e);

      expect(thrown).toBeInstanceOf(PoisonMessageError);
      expect(thrown).toMatchObject({ reason, message: expect.stringMatching(detail) });
      expect(await stack.recordCount(stack.topics.deliveries)).toBe(before);
    },
  );

  it('stores and fans out data byte-exact: U+0000, lone surrogates, big and tiny numbers, odd spaces, a repeated key', async () => {
    const tenantId = uniqueId('tenant-');
    const sub = await subscribe({ tenantId, events: ['*'] });
    const id = uniqueId('evt_');
    const data =
      '{ "nul":"a\\u0000b", "lone":"\\ud800x\\udfff", "big":123456789012345678901234567890, "tiny":1e-400,\n' +
      '\t"neg0":-0.0, "exp":1.50E+10, "esc":"\\u00e9\\/", "k":1, "k":2, "deep":[[[{"a":[]}]]] }';
    const text = `{"id":"${id}","type":"order.created","created_at":"2026-01-02T03:04:05Z","data":${data}}`;
    JSON.parse(text); // valid JSON, as a producer would send it

    await ingest.ingest(record(text, tenantId));

    const [task] = await tasksOf(id, 1);
    expect(task.key).toBe(sub);
    expect(task.value.body).toBe(
      `{"id":"${id}","type":"order.created","created_at":"2026-01-02T03:04:05Z","data":${data},"sequence":1,"previous_event_id":null}`,
    );
    const stored = await stack.fixtures.db.query(`SELECT payload_text FROM events WHERE tenant_id = $1 AND id = $2`, [
      tenantId,
      id,
    ]);
    expect(stored.rows).toEqual([
      { payload_text: `{"id":"${id}","type":"order.created","created_at":"2026-01-02T03:04:05Z","data":${data}}` },
    ]);
  });

  it.each([
    [
      'an id no header can carry',
      (id: string) => `{"id":"${id}\u0100","type":"order.created","created_at":"2026-01-02T03:04:05Z","data":{}}`,
      'id',
    ],
    [
      'a day not on the calendar',
      (id: string) => `{"id":"${id}","type":"order.created","created_at":"2026-02-30T03:04:05Z","data":{}}`,
      'created_at',
    ],
    [
      'data deeper than 100 levels',
      (id: string) =>
        `{"id":"${id}","type":"order.created","created_at":"2026-01-02T03:04:05Z","data":{"a":${'['.repeat(100)}${']'.repeat(100)}}}`,
      'data',
    ],
  ])(
    'refuses %s as invalid_envelope naming the field, with what it could read of the event',
    async (_, text, field) => {
      const id = uniqueId('evt_');
      const thrown = await ingest.ingest(record(text(id))).catch((e: unknown) => e);
      expect(thrown).toBeInstanceOf(PoisonMessageError);
      const refusal = thrown as PoisonMessageError;
      expect(refusal.reason).toBe('invalid_envelope');
      expect(refusal.problems.map((p) => p.field)).toEqual([field]);
      expect(refusal.event).toEqual({
        id: field === 'id' ? `${id}\u0100` : id,
        type: 'order.created',
        tenantId: stack.tenant,
      });
    },
  );

  it('refuses bytes that are not UTF-8 as undecodable', async () => {
    const bytes = Buffer.concat([
      Buffer.from('{"id":"e","type":"a.b","created_at":"2026-01-02T03:04:05Z","data":{"s":"'),
      Buffer.from([0xc3, 0x28]),
      Buffer.from('"}}'),
    ]);
    await expect(ingest.ingest(record(bytes))).rejects.toMatchObject({
      reason: 'undecodable',
      message: expect.stringMatching(/not valid UTF-8/),
    });
  });

  it('sends the task of a subscription that is stalling straight to its deferral tier, the others to deliveries', async () => {
    const tenantId = uniqueId('tenant-');
    const hanging = await subscribe({ tenantId, events: ['order.created'] });
    const healthy = await subscribe({ tenantId, events: ['order.created'] });
    // The delivery stage has been stepping its tasks aside for 2 s, its endpoint answering none.
    await deferral.defer(deliveryTask(tenantId, hanging));
    await new Promise((r) => setTimeout(r, 2_000));
    await deferral.defer(deliveryTask(tenantId, hanging));
    const [aside, late, after] = [uniqueId('evt_'), uniqueId('evt_'), uniqueId('evt_')];
    const before = Date.now();

    await ingest.ingest(record(eventText(aside), tenantId));

    const deferred = await firstTier.find((r) => r.value.event.id === aside);
    expect(deferred.key).toBe(hanging);
    expect(deferred.value).toMatchObject({ subscription_id: hanging, attempt: 1, deferrals: 1, trigger: 'initial' });
    expect(deferred.value.body).toBe(expectedBody(aside, 1, null));
    expect(Number(deferred.headers[DUE_AT_HEADER])).toBeGreaterThanOrEqual(before);
    expect((await tasksOf(aside, 1)).map((r) => r.key)).toEqual([healthy]);

    // One of its requests answered after 25 s: its endpoint is alive, not back; its next task still steps aside.
    expect(await pressure.acquire(hanging)).toBe('take');
    pressure.release(hanging, { outcome: 'answered', firstByteMs: 25_000 });
    await ingest.ingest(record(eventText(late), tenantId));
    expect((await firstTier.find((r) => r.value.event.id === late)).key).toBe(hanging);
    expect((await tasksOf(late, 1)).map((r) => r.key)).toEqual([healthy]);

    // One answered in time: its endpoint is back, and its next task goes the usual way.
    expect(await pressure.acquire(hanging)).toBe('take');
    pressure.release(hanging, { outcome: 'answered', firstByteMs: 5 });
    await ingest.ingest(record(eventText(after), tenantId));
    expect((await tasksOf(after, 2)).map((r) => r.key).sort()).toEqual([hanging, healthy].sort());
    expect((await tasksOf(after, 2)).find((r) => r.key === hanging)!.value.body).toBe(expectedBody(after, 3, late));
  });

  it('stores the event of a tenant without subscriptions and produces no task', async () => {
    const lonely = uniqueId('tenant-');
    const id = uniqueId('evt_');
    const before = await stack.recordCount(stack.topics.deliveries);

    expect(await ingest.ingest(record(eventText(id), lonely))).toEqual({ eventId: id, tenantId: lonely, tasks: 0 });

    expect(await stack.recordCount(stack.topics.deliveries)).toBe(before);
    const stored = await stack.fixtures.db.query(`SELECT subscription_ids FROM events WHERE tenant_id = $1`, [lonely]);
    expect(stored.rows).toEqual([{ subscription_ids: [] }]);
  });
});
