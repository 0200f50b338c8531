import { PipelineHarness } from '../support/harness.js';
import { envelope, eventually } from '../support/pipeline-fixtures.js';

/**
 * Every kind of poison message lands in <prefix>.dlq with its reason and source coordinates (and
 * in the dead_letters table), and the partition keeps flowing: the good event published after all
 * of them, on the same single partition, is delivered.
 */
describe('pipeline: poison messages', () => {
  let h: PipelineHarness;

  beforeAll(async () => {
    h = await PipelineHarness.start({
      env: {
        ROLES: 'api,ingest,delivery,operations',
        KAFKA_TOPIC_PARTITIONS: '1',
        INGEST_DATA_VALIDATION: 'enforce',
        DEFAULT_TENANT: '',
      },
      subscriptions: [{ path: '/all', events: ['*'] }],
    });
  });
  afterAll(() => h?.close());

  it('parks each kind with its reason and keeps the partition flowing', async () => {
    const { kafka, receiver, fixtures, tenant } = h;
    const withTenant = { 'tenant-id': tenant };
    const unknownSchema = Buffer.alloc(9);
    unknownSchema.writeInt32BE(2_000_000_000, 1);
    const good = envelope('order.created', {
      order_id: 'o-1',
      status: 'pending',
      total: { amount: 1, currency: 'EUR' },
    });
    const topic = h.config.ingest.topics[0];
    await kafka.send(topic, [
      { value: Buffer.from('{not json'), headers: withTenant }, // offset 0
      { value: JSON.stringify({ id: 'x', type: 'no dots', data: [] }), headers: withTenant }, // 1
      { value: unknownSchema, headers: withTenant }, // 2
      { value: JSON.stringify(envelope('order.created', { order_id: 'o' })) }, // 3: no tenant anywhere
      { value: JSON.stringify(envelope('order.created', { order_id: 42 })), headers: withTenant }, // 4: data fails its schema
      { value: JSON.stringify(good), headers: withTenant }, // 5
    ]);

    await receiver.waitFor(() => receiver.deliveries('/all').some((r) => r.headers['webhook-id'] === good.id), 30_000);
    expect(receiver.deliveries('/all')).toHaveLength(1);

    await eventually(async () => (await fixtures.deadLetters(topic)).length === 5, 20_000, 'five dead letters');
    const parked = await fixtures.deadLetters(topic);
    expect(parked.map((d) => [d.reason, d.source_partition, d.source_offset])).toEqual([
      ['undecodable', 0, '0'],
      ['invalid_envelope', 0, '1'],
      ['unknown_schema', 0, '2'],
      ['no_tenant', 0, '3'],
      ['invalid_data', 0, '4'],
    ]);
    expect(parked[1].detail).toMatch(/type must be a dotted name/);
    expect(parked[1].detail).toMatch(/data must be an object/);
    expect(parked[4].tenant_id).toBe(tenant);

    // The DLQ records themselves carry the reason and the source in headers.
    expect(await h.produced('dlq')).toBe(5);
  });

  it('parks a malformed delivery task at once and keeps the delivery partition flowing', async () => {
    const { receiver, fixtures } = h;
    const deliveries = h.topic('deliveries');
    await h.kafka.send(deliveries, [
      { key: 'k', value: Buffer.from('not a task') },
      { key: 'k', value: JSON.stringify({ type: 'DeliveryTaskV9' }) },
    ]);
    await eventually(async () => (await fixtures.deadLetters(deliveries)).length === 2, 20_000, 'two parked tasks');
    const parked = await fixtures.deadLetters(deliveries);
    expect(parked.map((d) => d.reason)).toEqual(['invalid_task', 'invalid_task']);
    expect(parked[1].detail).toMatch(/unknown task type DeliveryTaskV9/);

    const after = envelope('order.created', {
      order_id: 'o-2',
      status: 'pending',
      total: { amount: 2, currency: 'EUR' },
    });
    await h.publish([after]);
    await receiver.waitFor(() => receiver.deliveries('/all').some((r) => r.headers['webhook-id'] === after.id), 30_000);
  });

  it('skips changelog records it cannot use, and parks nothing of any stage as processing_error', async () => {
    await h.kafka.send(h.topic('subscriptions'), [
      { key: 'a', value: 'null' },
      { key: 'b', value: JSON.stringify({ type: 'SubscriptionChangedV1', id: 'not-a-uuid', tenant_id: h.tenant }) },
    ]);
    const after = envelope('order.created', {
      order_id: 'o-3',
      status: 'pending',
      total: { amount: 3, currency: 'EUR' },
    });
    await h.publish([after]);
    await h.receiver.waitFor(
      () => h.receiver.deliveries('/all').some((r) => r.headers['webhook-id'] === after.id),
      30_000,
    );
    await new Promise((r) => setTimeout(r, 9_000)); // a failing handler is parked after three tries, within 9 s
    const metrics = await h.scrape();
    expect(metrics).not.toMatch(/hookline_dlq_parked_total\{reason="processing_error"\}/);
  });
});
