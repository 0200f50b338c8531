import type { Admin } from 'kafkajs';
import { PipelineHarness } from '../support/harness.js';
import { envelope, eventually } from '../support/pipeline-fixtures.js';

const EVENTS = 200;
const PATHS = ['/orders', '/everything'];

/**
 * Offsets rewound by an operator over records whose work is done. A rewound offset carries no
 * offset map, so the new owner cannot know what was finished: it looks up every record up to the
 * partition's end at its first fetch, and finds that work on record, so no endpoint gets a request
 * twice. The deliveries consumer asks the attempt log for each re-read task; ingest stores no
 * event twice and hands the tasks of a re-read event to the deliveries topic marked, so that
 * delivery asks for them too, whether their first delivery went through that topic or was made by
 * ingest itself (the direct lane). (After a crash the last commit's map says what was finished:
 * pipeline-crash.spec.ts.)
 */
describe('pipeline: records read again after their work was done', () => {
  let h: PipelineHarness;
  let admin: Admin;

  beforeAll(async () => {
    h = await PipelineHarness.start({
      // First every task through the deliveries topic (as an instance without the delivery role
      // writes them), for its consumer to read again; the last case has ingest deliver itself.
      env: { INGEST_DIRECT_DISPATCH: 'false' },
      subscriptions: [
        { path: '/orders', events: ['order.*'] },
        { path: '/everything', events: ['*'] },
      ],
    });
    admin = h.kafka.kafka.admin();
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.disconnect();
    await h?.close();
  });

  const group = (name: string) => `${h.config.kafka.groupPrefix}.${name}`;
  const requests = () => h.receiver.requests.length;
  const storedEvents = async () =>
    Number((await h.fixtures.db.query(`SELECT count(*) AS n FROM events WHERE tenant_id = $1`, [h.tenant])).rows[0].n);
  const skippedAsDelivered = async () => {
    const text = await h.scrape();
    return Number(/^hookline_delivery_replay_checks_total\{result="delivered"\} (\S+)$/m.exec(text)?.[1] ?? 0);
  };

  /** Whether the group has committed every record its topic holds (it read them all again). */
  async function caughtUp(groupId: string, topic: string): Promise<boolean> {
    const [committed] = await admin.fetchOffsets({ groupId, topics: [topic] });
    const ends = await admin.fetchTopicOffsets(topic);
    const at = (partition: number) => committed.partitions.find((p) => p.partition === partition)?.offset;
    // An empty partition has nothing to commit.
    return ends.every((end) => end.high === '0' || at(end.partition) === end.high);
  }

  /** Stops the service, moves the group back to the start of its topic, starts the service again. */
  async function rewind(groupId: string, topic: string): Promise<void> {
    await h.stopApp();
    await admin.resetOffsets({ groupId, topic, earliest: true });
    await h.startApp();
  }

  it('sends nothing twice when the deliveries consumer reads its delivered tasks again', async () => {
    const events = Array.from({ length: EVENTS }, (_, n) => envelope('order.created', { n }));
    await h.publish(events);
    await eventually(() => h.delivered(events, PATHS), 30_000, 'every event at both subscriptions');
    expect(requests()).toBe(2 * EVENTS);

    const skippedBefore = await skippedAsDelivered();
    await rewind(group('delivery'), h.topic('deliveries'));
    await eventually(() => caughtUp(group('delivery'), h.topic('deliveries')), 30_000, 'the tasks read again');

    expect(requests()).toBe(2 * EVENTS);
    expect((await skippedAsDelivered()) - skippedBefore).toBe(2 * EVENTS);
  }, 90_000);

  it('stores no event twice and sends nothing twice when ingest reads its events again', async () => {
    const tasksBefore = await h.produced('deliveries');
    const eventsBefore = await storedEvents();
    const skippedBefore = await skippedAsDelivered();

    await rewind(group('ingest'), h.config.ingest.topics[0]);
    await eventually(() => caughtUp(group('ingest'), h.config.ingest.topics[0]), 30_000, 'the events read again');
    // Every event was fanned out again, each task marked, and each found delivered.
    await eventually(async () => (await h.produced('deliveries')) === tasksBefore + 2 * EVENTS, 30_000, 'fan-out');
    await eventually(() => caughtUp(group('delivery'), h.topic('deliveries')), 30_000, 'the new tasks');

    expect(await storedEvents()).toBe(eventsBefore);
    expect(requests()).toBe(2 * EVENTS);
    expect((await skippedAsDelivered()) - skippedBefore).toBe(2 * EVENTS);
  }, 90_000);

  it('sends nothing twice when ingest reads again events it delivered itself', async () => {
    await h.restartWith({ INGEST_DIRECT_DISPATCH: 'true' });
    const events = Array.from({ length: EVENTS }, (_, n) => envelope('order.created', { n }));
    const tasksBefore = await h.produced('deliveries');
    // A few at a time, within each subscription's first request slots and its waiting room: a burst
    // beyond them would go through the topic by design (its slots are full).
    for (let at = 0; at < EVENTS; at += 4) {
      const some = events.slice(at, at + 4);
      await h.publish(some);
      await eventually(() => h.delivered(some, PATHS), 30_000, 'the new events at both subscriptions');
    }
    expect(await h.produced('deliveries')).toBe(tasksBefore); // delivered in ingest: no task on the topic
    const [sent, eventsBefore, skippedBefore] = [requests(), await storedEvents(), await skippedAsDelivered()];

    await rewind(group('ingest'), h.config.ingest.topics[0]);
    await eventually(() => caughtUp(group('ingest'), h.config.ingest.topics[0]), 30_000, 'the events read again');
    // All 2 × EVENTS events so far, each to both subscriptions, through the topic, marked, found delivered.
    const refanned = 2 * 2 * EVENTS;
    await eventually(async () => (await h.produced('deliveries')) === tasksBefore + refanned, 30_000, 'fan-out');
    await eventually(() => caughtUp(group('delivery'), h.topic('deliveries')), 30_000, 'the new tasks');

    expect(await storedEvents()).toBe(eventsBefore);
    expect(requests()).toBe(sent);
    expect((await skippedAsDelivered()) - skippedBefore).toBe(refanned);
  }, 120_000);
});
