import { Module } from '@nestjs/common';
import { DeliveryConsumerModule } from '../../src/consumers/delivery/delivery-consumer.module.js';
import type { DeliveryTaskV2 } from '../../src/modules/delivery/delivery-task.js';
import { AttemptWriter } from '../../src/modules/delivery/dispatch/attempt-writer.js';
import { DirectLane } from '../../src/modules/delivery/dispatch/direct-lane.js';
import { EventsModule } from '../../src/modules/events/events.module.js';
import { IngestService } from '../../src/modules/events/ingest.service.js';
import { MatchingService } from '../../src/modules/matching/matching.service.js';
import { DeadLetterHeaders } from '../../src/platform/kafka/dead-letter.writer.js';
import type { InboundMessage } from '../../src/platform/kafka/inbound-message.js';
import type { TopicRecorder } from '../support/failure-scenarios.js';
import { echoChallenge, HttpsReceiver } from '../support/https-receiver.js';
import { MediumStack } from '../support/medium.js';
import { eventually } from '../support/pipeline-fixtures.js';
import { uniqueId } from '../support/test-config.js';

/** Ingest and the delivery stage in one process, as an instance with both roles runs them. */
@Module({ imports: [EventsModule, DeliveryConsumerModule] })
class IngestWithDelivery {}

/**
 * Fan-out's direct lane on real Postgres, Kafka and an HTTPS receiver: a healthy subscription's
 * task is delivered by ingest itself, and ingest resolves only once its attempt is on record; what
 * a hanging subscription cannot take (its slots full and none freed) or a lane full of hanging
 * requests cannot, goes through the deliveries topic, so a hanging endpoint never holds the others;
 * a running task whose subscription turned slow gives its room in the lane to a waiting one.
 * Per subscription at most 2 requests (DELIVERY_CONCURRENCY_PER_SUBSCRIPTION), the lane at most 4.
 */
describe('fan-out with the delivery stage in the same process (medium)', () => {
  const receiver = new HttpsReceiver();
  let held = Promise.withResolvers<void>();
  let stack: MediumStack;
  let ingest: IngestService;
  let matching: MatchingService;
  let lane: DirectLane;
  let deliveries: TopicRecorder<DeliveryTaskV2>;
  let offset = 0;

  beforeAll(async () => {
    receiver.responder = async (req) => {
      if (req.path.startsWith('/hang')) await held.promise;
      return echoChallenge(req);
    };
    stack = await MediumStack.start({
      receiver,
      env: { INGEST_CONCURRENCY: '8', DELIVERY_CONCURRENCY_PER_SUBSCRIPTION: '2', INGEST_DATA_VALIDATION: 'off' },
    });
    deliveries = await stack.record(stack.topics.deliveries);
    const module = await stack.module(IngestWithDelivery);
    [ingest, matching, lane] = [module.get(IngestService), module.get(MatchingService), module.get(DirectLane)];
  });
  afterAll(async () => {
    held.resolve();
    await stack?.close();
  });

  /** A subscription taking one event type, so that each event below goes where the test says. */
  const subscribe = async (path: string, type = 'order.created') => {
    const id = await stack.subscription({ path, events: [type] });
    await matching.apply({ type: 'SubscriptionChangedV1', id, tenant_id: stack.tenant, version: 1, deleted: false });
    return id;
  };
  const record = (id: string, type = 'order.created'): InboundMessage => ({
    topic: stack.config.ingest.topics[0],
    group: `${stack.config.kafka.groupPrefix}.ingest`,
    partition: 0,
    offset: String(++offset),
    key: null,
    value: Buffer.from(`{"id":"${id}","type":"${type}","created_at":"2026-01-02T03:04:05.678Z","data":{"n":1}}`),
    headers: { 'tenant-id': stack.tenant },
    timestamp: Date.now(),
  });
  const attempts = async (eventId: string) =>
    (
      await stack.fixtures.db.query(
        `SELECT subscription_id::text AS s, outcome FROM delivery_attempts WHERE tenant_id = $1 AND event_id = $2`,
        [stack.tenant, eventId],
      )
    ).rows;
  const topicTasks = (eventId: string) => deliveries.records.filter((r) => r.value.event.id === eventId);
  /** Ingest of a record that must not wait for anything held: it resolves within 10 s. */
  const promptly = <T>(work: Promise<T>) =>
    Promise.race([
      work,
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error('ingest waited for a held request')), 10_000),
      ),
    ]);

  it('delivers healthy subscriptions itself, on record when ingest resolves, with nothing on the deliveries topic', async () => {
    const [a, b] = [await subscribe('/a'), await subscribe('/b')];
    const id = uniqueId('evt_');
    const before = await stack.recordCount(stack.topics.deliveries);

    expect(await ingest.ingest(record(id))).toMatchObject({ eventId: id, tasks: 2 });

    // Finished, not handed on: the requests were answered and their attempts are on record.
    expect((await attempts(id)).map((r) => [r.s, r.outcome]).sort()).toEqual(
      [
        [a, 'success'],
        [b, 'success'],
      ].sort(),
    );
    const [request] = receiver.deliveries('/a').filter((r) => r.headers['webhook-id'] === id);
    expect(JSON.parse(request.body)).toMatchObject({ id, data: { n: 1 }, sequence: 1, previous_event_id: null });
    expect(await stack.recordCount(stack.topics.deliveries)).toBe(before);
    expect(lane.inFlight).toBe(0);
  });

  it('hands what a hanging subscription or a lane full of hanging requests cannot take to the deliveries topic', async () => {
    held = Promise.withResolvers<void>();
    const slow = await subscribe('/hang/1', 'slow.one');
    const slower = await subscribe('/hang/2', 'slow.two');
    const slowest = await subscribe('/hang/3', 'slow.three');
    const healthy = await subscribe('/ok', 'healthy.one');
    const id = () => uniqueId('evt_');
    const [s1, s2, s3, t1, t2, u1, u2, h1, h2] = [id(), id(), id(), id(), id(), id(), id(), id(), id()];

    // slow takes its two slots here; its third task waits for one, and goes through the topic once
    // the held requests pass its slow threshold.
    const holding = [ingest.ingest(record(s1, 'slow.one')), ingest.ingest(record(s2, 'slow.one'))];
    await eventually(() => receiver.deliveries('/hang/1').length === 2, 10_000, 'two requests held');
    await promptly(ingest.ingest(record(s3, 'slow.one')));
    await deliveries.find((r) => r.value.event.id === s3);
    expect(topicTasks(s3).map((r) => r.key)).toEqual([slow]);

    // slower fills the lane (4 = half of INGEST_CONCURRENCY) with requests that hang. slowest's tasks
    // wait for room, and get it once slow's requests wait past its slow threshold: their room goes
    // to waiting tasks, half of the lane at most.
    holding.push(ingest.ingest(record(t1, 'slow.two')), ingest.ingest(record(t2, 'slow.two')));
    await eventually(() => receiver.deliveries('/hang/2').length === 2, 10_000, 'four requests held');
    expect(lane.inFlight).toBe(4);
    holding.push(ingest.ingest(record(u1, 'slow.three')), ingest.ingest(record(u2, 'slow.three')));
    await eventually(() => receiver.deliveries('/hang/3').length === 2, 10_000, 'the room given back taken');
    expect(lane.inFlight).toBe(6);

    // Now the lane is full of hanging requests and gives no more room back: the healthy one's task
    // waits for room, and once the lane has made no progress for a while, goes through the topic;
    // so does the next one, at once.
    await promptly(ingest.ingest(record(h1, 'healthy.one')));
    await promptly(ingest.ingest(record(h2, 'healthy.one')));
    await deliveries.find((r) => r.value.event.id === h2);
    expect([h1, h2].flatMap(topicTasks).map((r) => [r.key, r.value.may_be_replay])).toEqual([
      [healthy, undefined],
      [healthy, undefined],
    ]);
    expect(await attempts(h1)).toEqual([]);
    expect([s1, s2, t1, t2, u1, u2].flatMap(topicTasks)).toEqual([]);

    // Their endpoints answer: the held ingests finish, each with its attempt on record.
    held.resolve();
    await Promise.all(holding);
    for (const [event, subscription] of [
      [s1, slow],
      [t2, slower],
      [u2, slowest],
    ])
      expect(await attempts(event)).toEqual([{ s: subscription, outcome: 'success' }]);
    expect(lane.inFlight).toBe(0);
    const after = id();
    await ingest.ingest(record(after, 'healthy.one'));
    expect(await attempts(after)).toEqual([{ s: healthy, outcome: 'success' }]);
  });

  it('parks a direct task whose step after the request fails for good, and never sends it again', async () => {
    const refusing = { write: async () => Promise.reject(new Error('the row is refused for good')) };
    const module = await stack.module(IngestWithDelivery, [{ provide: AttemptWriter, useValue: refusing }]);
    const [refusingIngest, refusingMatching] = [module.get(IngestService), module.get(MatchingService)];
    const subscription = await stack.subscription({ path: '/refused', events: ['refused.one'] });
    await refusingMatching.apply({
      type: 'SubscriptionChangedV1',
      id: subscription,
      tenant_id: stack.tenant,
      version: 1,
      deleted: false,
    });
    const dlq = await stack.record<DeliveryTaskV2>(stack.topics.dlq);
    const eventId = uniqueId('evt_');

    // Ingest resolves: its task is finished (parked with the broker's acknowledgement), so the record may commit.
    await refusingIngest.ingest(record(eventId, 'refused.one'));

    const parked = await dlq.find((r) => r.value.event.id === eventId);
    expect(parked.headers[DeadLetterHeaders.reason]).toBe('processing_error');
    expect(parked.value).toMatchObject({ type: 'DeliveryTaskV2', subscription_id: subscription, attempt: 1 });
    expect(receiver.deliveries('/refused').filter((r) => r.headers['webhook-id'] === eventId)).toHaveLength(1);
    expect(topicTasks(eventId)).toEqual([]);
  });

  it('sends a possible replay through the topic, marked, and marks a record whose fan-out began', async () => {
    const subscription = await subscribe('/replayed', 'replayed.one');
    const eventId = uniqueId('evt_');
    const first = record(eventId, 'replayed.one');

    await ingest.ingest(first);
    expect(first.mayBeReplay).toBe(true);
    expect(await attempts(eventId)).toEqual([{ s: subscription, outcome: 'success' }]);

    // Read again (its commit lost): the event is stored, so its task may have gone out already.
    await ingest.ingest({ ...first, mayBeReplay: true });
    await deliveries.find((r) => r.value.event.id === eventId);
    expect(topicTasks(eventId).map((r) => [r.key, r.value.may_be_replay, r.value.event.sequence])).toEqual([
      [subscription, true, 2],
    ]);
    expect(await attempts(eventId)).toHaveLength(1);
  });
});
