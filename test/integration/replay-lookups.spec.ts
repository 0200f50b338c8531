import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../../src/platform/database/data-source.js';
import { AttemptLog } from '../../src/modules/delivery/attempt-log/attempt-log.js';
import { AttemptWriter } from '../../src/modules/delivery/dispatch/attempt-writer.js';
import { DeliveredCheck } from '../../src/modules/delivery/dispatch/delivered-check.js';
import type { DeliveryTaskV1 } from '../../src/modules/delivery/delivery-task.js';
import { attemptRow, deliveryTask } from '../support/delivery-tasks.js';
import { EventStore } from '../../src/modules/events/event-store.js';
import type { InboundMessage } from '../../src/platform/kafka/inbound-message.js';
import { testConfig, uniqueId } from '../support/test-config.js';

/**
 * The two questions a re-read record asks Postgres (docs/design/replay.md), on the real
 * database: did this task's event already reach its subscription, and is this very Kafka record's
 * event already stored. Many questions share a query; none may fail its batch-mates.
 */
describe('replay lookups', () => {
  const config = testConfig();
  const db = new DataSource(dataSourceOptions(config));

  beforeAll(() => db.initialize());
  afterAll(() => db.destroy());

  const task = (over: Partial<DeliveryTaskV1> & { eventId: string }): DeliveryTaskV1 => {
    const { eventId, ...rest } = over;
    const fixture = deliveryTask(over.tenant_id!, over.subscription_id!, rest);
    return { ...fixture, event: { ...fixture.event, id: eventId } };
  };

  it('finds a success of the task since its delivery began, and nothing else', async () => {
    const tenant = uniqueId('tenant-');
    const subscription = randomUUID();
    const deliveredAt = new Date(Date.now() - 60_000);
    const writer = new AttemptWriter(new AttemptLog(db), config);
    const attempt = (eventId: string, outcome: 'success' | 'http_error') =>
      writer.write(
        attemptRow({
          createdAt: deliveredAt,
          tenantId: tenant,
          subscriptionId: subscription,
          eventId,
          outcome,
          statusCode: outcome === 'success' ? 200 : 500,
        }),
      );
    await Promise.all([attempt('evt_ok', 'success'), attempt('evt_failed', 'http_error')]);

    const check = new DeliveredCheck(new AttemptLog(db));
    const began = new Date(deliveredAt.getTime() - 5).toISOString();
    const answers = await Promise.all([
      check.delivered(
        task({ tenant_id: tenant, subscription_id: subscription, eventId: 'evt_ok', first_attempt_at: began }),
      ),
      // Within the second of clock tolerance: still the same delivery.
      check.delivered(
        task({
          tenant_id: tenant,
          subscription_id: subscription,
          eventId: 'evt_ok',
          first_attempt_at: new Date(deliveredAt.getTime() + 500).toISOString(),
        }),
      ),
      check.delivered(
        task({ tenant_id: tenant, subscription_id: subscription, eventId: 'evt_failed', first_attempt_at: began }),
      ),
      check.delivered(
        task({ tenant_id: tenant, subscription_id: randomUUID(), eventId: 'evt_ok', first_attempt_at: began }),
      ),
      check.delivered(
        task({
          tenant_id: uniqueId('other-'),
          subscription_id: subscription,
          eventId: 'evt_ok',
          first_attempt_at: began,
        }),
      ),
      // A manual resend asked for after the success: it is sent.
      check.delivered(
        task({
          tenant_id: tenant,
          subscription_id: subscription,
          eventId: 'evt_ok',
          trigger: 'manual',
          first_attempt_at: new Date().toISOString(),
        }),
      ),
      // Malformed ids and times answer for themselves without failing the others' question.
      check.delivered(
        task({ tenant_id: tenant, subscription_id: 'not-a-uuid', eventId: 'evt_ok', first_attempt_at: began }),
      ),
      check.delivered(
        task({ tenant_id: tenant, subscription_id: subscription, eventId: 'evt_ok', first_attempt_at: 'whenever' }),
      ),
    ]);
    expect(answers).toEqual([true, true, false, false, false, false, false, true]);
  });

  it("finds a re-read record's stored event by its source, within a day of its timestamp", async () => {
    const tenant = uniqueId('tenant-');
    const store = new EventStore(db);
    const receivedAt = new Date(Date.now() - 60_000);
    const source = { topic: uniqueId('events-'), partition: 2, offset: '41', timestamp: receivedAt.getTime() - 100 };
    await store.save({
      tenantId: tenant,
      id: 'evt_1',
      type: 'order.created',
      createdAt: receivedAt.toISOString(),
      receivedAt,
      payload: '{"id":"evt_1","type":"order.created","created_at":"2026-11-24T00:00:00Z","data":{}}',
      sourceTopic: source.topic,
      sourcePartition: source.partition,
      sourceOffset: source.offset,
      subscriptionIds: [randomUUID()],
    });
    const record = (over: Partial<InboundMessage>) => ({ ...source, ...over }) as InboundMessage;
    const answers = await Promise.all([
      store.storedAt(record({}), tenant, 'evt_1'),
      // The same event published again is another record: not a re-read.
      store.storedAt(record({ offset: '42' }), tenant, 'evt_1'),
      store.storedAt(record({ partition: 1 }), tenant, 'evt_1'),
      store.storedAt(record({}), uniqueId('other-'), 'evt_1'),
      // A producer clock over a day ahead of the row: outside the partitions looked at.
      store.storedAt(record({ timestamp: receivedAt.getTime() + 2 * 86_400_000 }), tenant, 'evt_1'),
      // A timestamp no Date holds widens the lookup instead of failing it.
      store.storedAt(record({ timestamp: 9e15 }), tenant, 'evt_1'),
    ]);
    expect(answers.map((a) => a?.getTime() ?? null)).toEqual([
      receivedAt.getTime(),
      null,
      null,
      null,
      null,
      receivedAt.getTime(),
    ]);
  });
});
