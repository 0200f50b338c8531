import { byId, expectBody } from '../support/api-client.js';
import { PipelineHarness } from '../support/harness.js';
import { echoChallenge, HttpsReceiver } from '../support/https-receiver.js';
import { expectCompleted, expectStarted } from '../support/operation-polling.js';
import { operationsEnv } from '../support/operations-seed.js';
import { eventually } from '../support/pipeline-fixtures.js';
import { uniqueId } from '../support/test-config.js';

/** Data no jsonb holds, written as a producer may write it: U+0000, lone surrogates, a repeated key, odd spaces. */
const HOSTILE_DATA =
  '{ "note":"nul \\u0000 here", "lone":"\\ud800", "big":123456789012345678901234567890, "k":1, "k":2,\n\t"e":1.0E+2 }';

/** An answer no attempt row could hold as it is: U+0000, bytes that are not UTF-8, several MB. */
const JUNK = Buffer.concat([Buffer.from('junk \u0000'), Buffer.from([0xc3, 0x28, 0xff]), Buffer.alloc(4 << 20, 0x7a)]);

/**
 * Each finding of hostile but valid input, on the real stack: an event holding U+0000 is delivered,
 * stored and recovered byte-exact; an endpoint answering junk gets the event once and its attempt
 * is on record; an id no header can carry is refused at ingest, listed for its tenant and never
 * attempted; a parked task jsonb cannot hold is indexed once as bytes (never fed back to the DLQ)
 * and redriven byte-exact.
 */
describe('pipeline: hostile but valid input', () => {
  let h: PipelineHarness;
  let healed = false;

  beforeAll(async () => {
    const receiver = new HttpsReceiver();
    receiver.responder = (req) => {
      if (req.path === '/junk') return { status: 200, body: JUNK };
      if (req.path === '/failing' && !healed) return { status: 500 };
      return echoChallenge(req);
    };
    h = await PipelineHarness.start({
      receiver,
      env: operationsEnv('api,ingest,delivery,retry,operations', {
        RETRY_SCHEDULE: '200ms,300ms',
        RETRY_JITTER_PERCENT: '0',
        KAFKA_TOPIC_PARTITIONS: '1',
      }),
      subscriptions: [
        { path: '/hook', events: ['order.created'] },
        { path: '/junk', events: ['order.created'] },
        { path: '/failing', events: ['order.updated'] },
      ],
    });
  });
  afterAll(() => h?.close());

  const text = (id: string, type = 'order.created', data = HOSTILE_DATA) =>
    `{"id":"${id}","type":"${type}","created_at":"2026-11-22T10:00:00Z","data":${data}}`;
  const publishText = (value: string) =>
    h.kafka.send(h.config.ingest.topics[0], [{ value, headers: { 'tenant-id': h.tenant } }]);
  const bodies = (path: string, id: string) =>
    h.receiver
      .deliveries(path)
      .filter((r) => r.headers['webhook-id'] === id)
      .map((r) => r.body);
  const exactBody = (id: string, sequence: number, previous: string | null, type = 'order.created') =>
    `{"id":"${id}","type":"${type}","created_at":"2026-11-22T10:00:00Z","data":${HOSTILE_DATA},` +
    `"sequence":${sequence},"previous_event_id":${JSON.stringify(previous)}}`;
  const deadLetters = async (query: Record<string, string>) =>
    expectBody(await h.api.GET('/dead-letters', { params: { query } }), 200).data;
  const attempts = async (eventId: string) =>
    (
      await h.fixtures.db.query(
        `SELECT subscription_id, outcome, response_body FROM delivery_attempts WHERE tenant_id = $1 AND event_id = $2`,
        [h.tenant, eventId],
      )
    ).rows;

  it('delivers an event holding U+0000 byte-exact, stores it so, and a recovery sends the same bytes', async () => {
    const id = uniqueId('evt_');
    await publishText(text(id));
    await eventually(() => bodies('/hook', id).length === 1, 30_000, 'delivered');
    expect(bodies('/hook', id)).toEqual([exactBody(id, 1, null)]);
    const stored = await h.fixtures.db.query(`SELECT payload_text FROM events WHERE tenant_id = $1 AND id = $2`, [
      h.tenant,
      id,
    ]);
    expect(stored.rows).toEqual([{ payload_text: text(id) }]);

    const operation = await h.api.POST('/webhooks/{id}/recoveries', {
      ...byId(h.subscriptionIds[0]),
      body: { since: new Date(Date.now() - 60_000).toISOString(), status: 'all' },
    });
    await expectCompleted(h.api, expectStarted(operation), 'recovery');
    await eventually(() => bodies('/hook', id).length === 2, 30_000, 'recovered');
    const [, recovered] = bodies('/hook', id);
    expect(JSON.parse(recovered).sequence).toBe(2);
    expect(recovered).toBe(exactBody(id, 2, id));
  });

  it('sends an event once to an endpoint that answers junk, and keeps the answer on record made safe', async () => {
    const id = uniqueId('evt_');
    await publishText(text(id));
    await eventually(async () => (await attempts(id)).length === 2, 30_000, 'both attempts on record');
    await new Promise((r) => setTimeout(r, 1_000));
    expect(bodies('/junk', id)).toHaveLength(1);
    const junk = (await attempts(id)).find((a) => a.subscription_id === h.subscriptionIds[1]);
    expect(junk.outcome).toBe('success');
    expect(junk.response_body).toMatch(/^junk \uFFFD\uFFFD\(\uFFFDz+$/);
  });

  it('refuses an id no header can carry at ingest, lists it for its tenant, and never attempts it', async () => {
    const id = `${uniqueId('evt_')}\u0100\u4e2d`;
    const after = uniqueId('evt_');
    await publishText(text(id, 'order.created', '{}'));
    await publishText(text(after, 'order.created', '{}'));
    await eventually(() => bodies('/hook', after).length === 1, 30_000, 'the next event delivered');
    await eventually(async () => (await deadLetters({ event_id: id })).length === 1, 20_000, 'listed');
    const [refused] = await deadLetters({ event_id: id });
    expect(refused).toMatchObject({ reason: 'invalid_envelope', event_type: 'order.created', subscription_id: null });
    expect(refused.detail).toMatch(/^id must be 1-255 visible ASCII characters/);
    expect(await attempts(id)).toEqual([]);
  });

  it('indexes a parked task holding U+0000 once, and redrives it byte-exact', async () => {
    const id = uniqueId('evt_');
    await publishText(text(id, 'order.updated'));
    await eventually(async () => (await deadLetters({ event_id: id })).length === 1, 30_000, 'exhausted and parked');
    const [parked] = await deadLetters({ event_id: id });
    expect(parked).toMatchObject({ reason: 'exhausted', subscription_id: h.subscriptionIds[2] });
    // A DeliveryTaskV2 carries the event as its text, which jsonb holds (a parked V1 task, the event an
    // object, was kept as bytes: dead-letter-index.medium.spec.ts covers what jsonb refuses).
    const row = await h.fixtures.db.query(
      `SELECT payload_unparsed, payload_json->>'body' AS body FROM dead_letters WHERE id = $1`,
      [parked.id],
    );
    expect(row.rows).toEqual([{ payload_unparsed: null, body: exactBody(id, 1, null, 'order.updated') }]);
    // Indexed, not quarantined back onto its own topic: the DLQ holds what was parked, and is read to its end.
    await new Promise((r) => setTimeout(r, 3_000));
    const parkedCount = Number(
      (await h.fixtures.db.query(`SELECT count(*) AS n FROM dead_letters WHERE dlq_topic = $1`, [h.topic('dlq')]))
        .rows[0].n,
    );
    expect(await h.produced('dlq')).toBe(parkedCount);
    await eventually(async () => (await committed(h, 'dead-letters', 'dlq')) === parkedCount, 10_000, 'DLQ read');

    healed = true;
    const redrive = await h.api.POST('/dead-letters/redrives', { body: { reason: 'exhausted' } });
    await expectCompleted(h.api, expectStarted(redrive), 'redrive');
    await eventually(() => bodies('/failing', id).length === 4, 30_000, 'redriven and delivered');
    expect(new Set(bodies('/failing', id))).toEqual(new Set([exactBody(id, 1, null, 'order.updated')]));
  });
});

/** The committed offset of one of the deployment's groups on one of its topics (one partition). */
async function committed(h: PipelineHarness, group: string, topic: string): Promise<number> {
  const admin = h.kafka.kafka.admin();
  await admin.connect();
  try {
    const [offsets] = await admin.fetchOffsets({
      groupId: `${h.config.kafka.groupPrefix}.${group}`,
      topics: [h.topic(topic)],
    });
    return Number(offsets.partitions[0].offset);
  } finally {
    await admin.disconnect();
  }
}
