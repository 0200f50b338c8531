import { avroEnvelope, avroWriter, frame, registerSchema } from '../support/avro-frames.js';
import { PipelineHarness } from '../support/harness.js';
import { eventually } from '../support/pipeline-fixtures.js';
import { uniqueId } from '../support/test-config.js';

/** Long enough that kafkajs's own key hash would hold the event loop for most of a minute. */
const HOSTILE_KEY = Buffer.alloc(512 << 10, 0x6b);
/** Enough headers that kafkajs's own decoder would take most of a minute over one record. */
const MANY_HEADERS = 15_000;

/**
 * Records built to hold a consumer, on the real stack: a bad record with a huge key (parked with it),
 * a bad record with thousands of headers, and a valid event whose `created_at` has an offset
 * Postgres refuses. Each is handled in well under a second, and an event published right after it
 * is delivered at once: one record never stalls a partition.
 */
describe('pipeline: records built to stall a consumer', () => {
  let h: PipelineHarness;

  beforeAll(async () => {
    h = await PipelineHarness.start({
      env: { KAFKA_TOPIC_PARTITIONS: '1', MAX_EVENT_BYTES: String(256 << 10) },
      subscriptions: [{ path: '/hook', events: ['order.created'] }],
    });
  });
  afterAll(() => h?.close());

  const event = (id: string, createdAt = new Date().toISOString()) =>
    JSON.stringify({ id, type: 'order.created', created_at: createdAt, data: { n: 1 } });
  type Hostile = { key?: Buffer; value: string | Buffer; headers: Record<string, string> };
  const send = (messages: Hostile[]) => h.kafka.send(h.config.ingest.topics[0], messages);
  const tenant = () => ({ 'tenant-id': h.tenant });

  /** Sends the hostile record and a canary behind it on the one partition; the canary must arrive soon. */
  async function canaryPasses(hostile: Hostile) {
    const canary = uniqueId('evt_canary');
    const parkedBefore = await h.produced('dlq');
    await send([hostile, { value: event(canary), headers: tenant() }]);
    // A held partition never lets it through; a loaded machine may take a while to.
    await eventually(() => h.delivered([{ id: canary }]), 45_000, `the canary behind the hostile record`);
    return { parked: (await h.produced('dlq')) - parkedBefore };
  }

  it('parks a bad record with a 512 KiB key, key and all, without holding the partition', async () => {
    const { parked } = await canaryPasses({ key: HOSTILE_KEY, value: '{"id":1}', headers: tenant() });
    expect(parked).toBe(1);
  });

  it('parks a bad record with 15,000 headers without holding the partition', async () => {
    const headers = {
      ...tenant(),
      ...Object.fromEntries(Array.from({ length: MANY_HEADERS }, (_, i) => [`h${i}`, 'v'])),
    };
    const { parked } = await canaryPasses({ value: '[]', headers });
    expect(parked).toBe(1);
  });

  it('delivers an event whose created_at has an offset of +23:59, exactly as written', async () => {
    const id = uniqueId('evt_offset');
    const { parked } = await canaryPasses({ value: event(id, '2026-11-22T10:00:00.123456+23:59'), headers: tenant() });
    expect(parked).toBe(0);
    const [delivery] = h.receiver.deliveries('/hook').filter((r) => r.headers['webhook-id'] === id);
    expect(JSON.parse(delivery.body).created_at).toBe('2026-11-22T10:00:00.123456+23:59');
    const stored = await h.fixtures.db.query('SELECT created_at FROM events WHERE tenant_id = $1 AND id = $2', [
      h.tenant,
      id,
    ]);
    expect(new Date(stored.rows[0].created_at).toISOString()).toBe('2026-11-21T10:01:00.123Z');
  });

  it('parks an Avro event whose data, as the JSON it is delivered as, exceeds MAX_EVENT_BYTES', async () => {
    const namespace = `hookline.test.${uniqueId('ns').replace(/[^A-Za-z0-9]/g, '')}`;
    const schema = avroEnvelope({ record: 'Flags', data: 'Data', namespace }, [
      { name: 'flags', type: { type: 'array', items: 'boolean' } },
    ]);
    const schemaId = await registerSchema(h.config.registry.url, `${namespace}.Flags`, schema);
    const id = uniqueId('evt_avro_large');
    // 100,000 booleans: about 100 KB of Avro, 500 KB of JSON.
    const payload = avroWriter(schema).toBuffer({
      id,
      type: 'order.created',
      created_at: new Date().toISOString(),
      data: { flags: new Array(100_000).fill(true) },
    });
    expect(payload.length).toBeLessThan(256 << 10);
    const { parked } = await canaryPasses({ value: frame(schemaId, payload), headers: tenant() });
    expect(parked).toBe(1);
    expect(h.delivered([{ id }])).toBe(false);
  });

  it('parks a bad record with its header bytes exactly as they came, repeated ones too', async () => {
    const marker = uniqueId('binary');
    const binary = Buffer.from([0x80, 0x81, 0x00, 0xff]);
    const producer = h.kafka.kafka.producer();
    await producer.connect();
    await producer.send({
      topic: h.config.ingest.topics[0],
      messages: [{ value: '[]', headers: { ...tenant(), marker, binary, twice: ['a', 'b'] } }],
    });
    await producer.disconnect();
    const parked = await firstRecordWith(h.topic('dlq'), marker);
    expect(parked.binary).toEqual(binary);
    expect((parked.twice as Buffer[]).map(String)).toEqual(['a', 'b']);
  });

  /** The headers of the first record on `topic` whose `marker` header is `marker`. */
  async function firstRecordWith(topic: string, marker: string): Promise<Record<string, unknown>> {
    const consumer = h.kafka.kafka.consumer({ groupId: `reader-${marker}`, maxWaitTimeInMs: 200 });
    let found: Record<string, unknown> | undefined;
    await consumer.connect();
    await consumer.subscribe({ topics: [topic], fromBeginning: true });
    await consumer.run({
      eachMessage: async ({ message }) => {
        if (String(message.headers?.marker) === marker) found ??= message.headers;
      },
    });
    try {
      await eventually(() => found !== undefined, 20_000, `the parked record on ${topic}`);
      return found!;
    } finally {
      await consumer.disconnect();
    }
  }
});
