import { createHmac } from 'node:crypto';
import type { AppConfig } from '../../src/platform/config/app-config.js';
import { createKafkaClient } from '../../src/platform/kafka/kafka-client.js';
import { PipelineHarness } from '../support/harness.js';
import { envelope, eventually } from '../support/pipeline-fixtures.js';

const KB = 1024;
const secret = 'large-events-secret';
const hmacHex = (body: string) => createHmac('sha256', secret).update(body).digest('hex');
/** An order whose line items make its JSON about `bytes` long. */
const sizedOrder = (bytes: number) =>
  envelope('order.created', { order_id: `o-${bytes}`, note: 'x'.repeat(Math.max(0, bytes - 120)) });

/**
 * One large event never takes others down: size-aware produce batches, a record the broker refuses
 * failing only its own caller, a producer that heals after a failed request, and a quarantine that
 * cannot fail for size. Two subscriptions, so every event fans out to two tasks.
 */
describe('pipeline: large events', () => {
  let h: PipelineHarness;

  beforeAll(async () => {
    h = await PipelineHarness.start({
      env: { ROLES: 'api,ingest,delivery,retry,operations', LOG_LEVEL: 'warn' },
      subscriptions: ['/a', '/b'].map((path) => ({ path, events: ['order.*'], secrets: [secret] })),
    });
  });
  afterAll(() => h?.close());

  const allDelivered = (events: { id: string }[]) => () => h.delivered(events, ['/a', '/b']);

  it('delivers 200 small events with a 250 KB one among them, then 100, 500 and 900 KB events intact, then 50 more', async () => {
    const small = Array.from({ length: 200 }, (_, i) => envelope('order.created', { order_id: `s-${i}` }));
    const mixed = [...small.slice(0, 100), sizedOrder(250 * KB), ...small.slice(100)];
    await h.publish(mixed);
    const large = [sizedOrder(100 * KB), sizedOrder(500 * KB), sizedOrder(900 * KB)];
    for (const event of large) await h.publish([event]);
    const after = Array.from({ length: 50 }, (_, i) => envelope('order.updated', { order_id: `n-${i}` }));
    await h.publish(after);

    await eventually(allDelivered([...mixed, ...large, ...after]), 60_000, 'all 254 events delivered to both');
    for (const event of [mixed[100], ...large]) {
      const delivery = h.receiver.deliveries('/a').find((r) => r.headers['webhook-id'] === event.id)!;
      expect(JSON.parse(delivery.body)).toMatchObject(event);
      expect(delivery.headers['x-signature']).toBe(`sha256=${hmacHex(delivery.body)}`);
    }
    const parked = await h.fixtures.deadLetters(h.config.ingest.topics[0]);
    expect(parked).toEqual([]);
  });

  it('parks an event over MAX_EVENT_BYTES alone as too_large; its neighbours are delivered', async () => {
    const before = envelope('order.created', { order_id: 'before' });
    const over = sizedOrder(h.config.limits.maxEventBytes + 10 * KB);
    const afterIt = envelope('order.created', { order_id: 'after' });
    // The ingest topic holds 1 MiB by default: send the big one alone, between the two.
    await h.publish([before]);
    await bigIngestTopicSend(h.config, h.config.ingest.topics[0], over, h.tenant);
    await h.publish([afterIt]);
    await eventually(allDelivered([before, afterIt]), 30_000, 'neighbours delivered');
    await eventually(
      async () => (await h.fixtures.deadLetters(h.config.ingest.topics[0])).length === 1,
      15_000,
      'parked',
    );
    const [letter] = await h.fixtures.deadLetters(h.config.ingest.topics[0]);
    expect(letter.reason).toBe('too_large');
    expect(letter.detail).toContain('MAX_EVENT_BYTES');
    expect(h.receiver.requests.some((r) => r.headers['webhook-id'] === over.id)).toBe(false);
  });
});

/** Raises the test ingest topic's own limit (as a user's topic may have) and sends one record. */
async function bigIngestTopicSend(config: AppConfig, topic: string, event: object, tenant: string) {
  const kafka = createKafkaClient(config, { clientId: 'large-events-test' });
  const admin = kafka.admin();
  const producer = kafka.producer();
  await Promise.all([admin.connect(), producer.connect()]);
  try {
    await admin.alterConfigs({
      validateOnly: false,
      resources: [
        { type: 2, name: topic, configEntries: [{ name: 'max.message.bytes', value: String(5 * 1024 * KB) }] },
      ],
    });
    await producer.send({
      topic,
      acks: -1,
      messages: [{ value: JSON.stringify(event), headers: { 'tenant-id': tenant } }],
    });
  } finally {
    await Promise.all([admin.disconnect(), producer.disconnect()]);
  }
}
