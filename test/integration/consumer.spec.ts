import { Logger } from '@nestjs/common';
import type { Admin, Message, Producer } from 'kafkajs';
import { TransientError } from '../../src/platform/errors/transient.js';
import type { InboundMessage } from '../../src/platform/kafka/inbound-message.js';
import { KafkaService, withProtocolRetries } from '../../src/platform/kafka/kafka.service.js';
import { PartitionedConsumer, type PartitionedConsumerOptions } from '../../src/platform/kafka/partitioned-consumer.js';
import { testConfig, uniqueId } from '../support/test-config.js';
import { pipelineTopology } from '../../src/topology.js';
import { SubscriptionPressure } from '../../src/modules/delivery/pressure/subscription-pressure.js';

/**
 * The consumer base on a real broker: concurrency without head-of-line blocking, commits only over
 * the finished prefix, nothing lost across an abrupt stop, quarantine of records that keep failing.
 */
describe('PartitionedConsumer', () => {
  const config = testConfig({ KAFKA_TOPIC_PARTITIONS: '1' });
  const kafka = new KafkaService(config, pipelineTopology(config));
  let admin: Admin;
  // The pipeline's own send refuses topics outside its topology; these tests make their own topics.
  let producer: Producer;
  const send = (topic: string, messages: Message[]) => producer.send({ topic, messages, acks: -1 });

  beforeAll(async () => {
    await kafka.start();
    admin = kafka.kafka.admin();
    await admin.connect();
    producer = kafka.kafka.producer();
    await producer.connect();
  });
  afterAll(async () => {
    await producer.disconnect();
    await admin.disconnect();
    await kafka.onModuleDestroy();
  });

  async function freshTopic(numPartitions = 1): Promise<string> {
    const topic = uniqueId('consumer-');
    // A busy broker may not know the new topic's leader yet when createTopics first asks (retriable).
    await withProtocolRetries(() =>
      admin.createTopics({ waitForLeaders: true, topics: [{ topic, numPartitions, replicationFactor: 1 }] }),
    );
    return topic;
  }

  const committed = async (groupId: string, topic: string) => {
    const [offsets] = await admin.fetchOffsets({ groupId, topics: [topic] });
    return Number(offsets.partitions[0].offset);
  };

  const consumer = (
    topic: string,
    groupId: string,
    options: Partial<Omit<PartitionedConsumerOptions, 'sessionTimeoutMs'>>,
  ) =>
    new PartitionedConsumer(kafka.kafka, {
      maxBytesPerPartition: 1048576,
      topic,
      groupId,
      fromBeginning: true,
      maxInFlight: 16,
      maxInFlightPerKey: 4,
      sessionTimeoutMs: config.kafka.sessionTimeoutMs,
      handle: async () => undefined,
      quarantine: async () => undefined,
      pressure: new SubscriptionPressure(config),
      logger: new Logger('consumer-test'),
      ...options,
    });

  async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 20_000): Promise<void> {
    const until = Date.now() + timeoutMs;
    while (!(await check())) {
      if (Date.now() > until) throw new Error('condition not met in time');
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  it('keeps other keys flowing while one key is stuck, and commits only the finished prefix', async () => {
    const topic = await freshTopic();
    const group = uniqueId('g-');
    // Offset 0 belongs to the stuck key; offsets 1..40 to fast keys.
    await send(topic, [
      { key: 'slow', value: 'slow-0' },
      ...Array.from({ length: 40 }, (_, i) => ({ key: `fast-${i % 4}`, value: `fast-${i + 1}` })),
    ]);
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const done = new Set<string>();
    const c = consumer(topic, group, {
      handle: async (m: InboundMessage) => {
        if (m.key?.toString() === 'slow') await gate;
        done.add(m.offset);
      },
    });
    await c.start();
    try {
      await eventually(() => done.size === 40);
      expect(done.has('0')).toBe(false);
      // Wait for a few commit ticks: nothing may be committed past the stuck record.
      await new Promise((r) => setTimeout(r, 1000));
      expect(await committed(group, topic)).toBeLessThanOrEqual(0);
      release();
      await eventually(async () => (await committed(group, topic)) === 41);
    } finally {
      release();
      await c.stop(5000);
    }
  });

  it('tells back-pressure from a blocked partition: only a wait for room of over 2 s counts as blocked', async () => {
    const topic = await freshTopic();
    await send(
      topic,
      Array.from({ length: 30 }, (_, i) => ({ key: `k${i % 3}`, value: String(i) })),
    );
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const done = new Set<string>();
    // One in flight and four waiting: the sixth record waits for room behind a record that does not finish.
    const c = consumer(topic, uniqueId('g-'), {
      maxInFlight: 1,
      maxInFlightPerKey: 1,
      handle: async (m) => {
        await gate;
        done.add(m.offset);
      },
    });
    await c.start();
    try {
      await eventually(() => c.occupancy.backPressuredPartitions === 1);
      expect(c.occupancy.blockedPartitions).toBe(0);
      await eventually(() => c.occupancy.blockedPartitions === 1, 5_000);
      release();
      await eventually(() => done.size === 30);
      expect(c.occupancy).toMatchObject({ backPressuredPartitions: 0, blockedPartitions: 0 });
    } finally {
      release();
      await c.stop(5000);
    }
  });

  it('loses nothing across an abrupt stop, and the next owner repeats only what was unfinished', async () => {
    const topic = await freshTopic();
    const group = uniqueId('g-');
    const total = 300;
    await send(
      topic,
      Array.from({ length: total }, (_, i) => ({ key: `k${i % 7}`, value: String(i) })),
    );
    const handled = new Map<string, number>();
    const count = (m: InboundMessage) => handled.set(m.offset, (handled.get(m.offset) ?? 0) + 1);
    const startedByFirst = new Set<number>();
    // First run: every tenth record never finishes, as if the process died while delivering it.
    const first = consumer(topic, group, {
      maxInFlight: 64,
      maxInFlightPerKey: 10,
      handle: async (m) => {
        startedByFirst.add(Number(m.offset));
        if (Number(m.offset) % 10 === 5) return new Promise<void>(() => undefined);
        await new Promise((r) => setTimeout(r, Math.random() * 20));
        count(m);
      },
    });
    await first.start();
    await eventually(() => handled.size >= total - total / 10);
    const finishedBeforeStop = new Set([...handled.keys()].map(Number));
    const unfinishedAtStop = [...startedByFirst].filter((o) => !finishedBeforeStop.has(o));
    await first.stop(0);
    expect(await committed(group, topic)).toBeLessThanOrEqual(5);

    const replays = new Set<number>();
    const second = consumer(topic, group, {
      handle: async (m) => {
        if (m.mayBeReplay) replays.add(Number(m.offset));
        count(m);
      },
    });
    await second.start();
    try {
      await eventually(() => handled.size === total);
      await eventually(async () => (await committed(group, topic)) === total);
    } finally {
      await second.stop(5000);
    }
    for (let offset = 0; offset < total; offset++) expect(handled.get(String(offset))).toBeGreaterThanOrEqual(1);
    // What the first finished before its stop is on the commit's map: the second skips it.
    for (const offset of finishedBeforeStop) expect(handled.get(String(offset))).toBe(1);
    const duplicates = [...handled.values()].filter((n) => n > 1).length;
    expect(duplicates).toBeLessThanOrEqual(unfinishedAtStop.length);
    // The second flags exactly the records the first may have begun: every one it left unfinished,
    // nothing it finished, nothing it never began.
    for (let offset = 5; offset < total; offset += 10) expect(replays.has(offset)).toBe(true);
    for (const offset of replays) expect(startedByFirst.has(offset)).toBe(true);
    for (const offset of replays) expect(finishedBeforeStop.has(offset)).toBe(false);
  });

  it('skips, after a crash, what the last commit mapped as finished, and repeats what was in flight', async () => {
    const topic = await freshTopic();
    const group = uniqueId('g-');
    const total = 200;
    await send(
      topic,
      Array.from({ length: total }, (_, i) => ({ key: `k${i % 5}`, value: String(i) })),
    );
    const handled = new Map<number, number>();
    const finishedBy = new Map<number, number>();
    // The first member finishes every record but the stuck one (offset 3), then stops at once.
    const first = consumer(topic, group, {
      maxInFlight: 32,
      maxInFlightPerKey: 32,
      handle: async (m) => {
        if (Number(m.offset) === 3) return new Promise<void>(() => undefined);
        handled.set(Number(m.offset), (handled.get(Number(m.offset)) ?? 0) + 1);
        finishedBy.set(Number(m.offset), Date.now());
      },
    });
    await first.start();
    await eventually(() => handled.size === total - 1);
    // A commit interval: the map of the finished records above the stuck one is on record.
    await new Promise((r) => setTimeout(r, 1_000));
    const [offsets] = await admin.fetchOffsets({ groupId: group, topics: [topic] });
    expect(offsets.partitions[0]).toMatchObject({ offset: '3', metadata: expect.stringMatching(/^hl1:/) });
    await first.stop(0);

    const second = consumer(topic, group, {
      handle: async (m) => void handled.set(Number(m.offset), (handled.get(Number(m.offset)) ?? 0) + 1),
    });
    await second.start();
    try {
      await eventually(async () => (await committed(group, topic)) === total);
    } finally {
      await second.stop(5000);
    }
    // Only the stuck record ran again; 196 records above it were not repeated, though the commit
    // stood at offset 3.
    expect([...handled].filter(([, n]) => n !== 1)).toEqual([]);
    expect(handled.size).toBe(total);
  });

  it('leaves the waiting records of a partition that moved to another member to that member', async () => {
    const topic = await freshTopic(2);
    const group = uniqueId('g-');
    const perPartition = 80;
    await send(
      topic,
      [0, 1].flatMap((partition) =>
        Array.from({ length: perPartition }, (_, i) => ({ partition, key: `p${partition}-k${i % 8}`, value: `${i}` })),
      ),
    );
    // When each member started each record (partition, start time).
    const starts = { first: [] as [number, number][], second: [] as [number, number][] };
    const handled = new Set<string>();
    const handler = (who: keyof typeof starts, ms: number) => async (m: InboundMessage) => {
      starts[who].push([m.partition, Date.now()]);
      await new Promise((r) => setTimeout(r, ms));
      handled.add(`${m.partition}@${m.offset}`);
    };
    // Eight records running and 32 waiting: the first member holds more than it can finish soon.
    const first = consumer(topic, group, { maxInFlight: 8, maxInFlightPerKey: 1, handle: handler('first', 500) });
    await first.start();
    await eventually(() => handled.size >= 8);
    const second = consumer(topic, group, { maxInFlight: 8, maxInFlightPerKey: 1, handle: handler('second', 0) });
    await second.start();
    try {
      await eventually(() => handled.size === 2 * perPartition, 60_000);
    } finally {
      await Promise.all([first.stop(5000), second.stop(5000)]);
    }
    // The second member took one partition over. The first one finished what was running, but
    // started none of that partition's waiting records once the second had begun on it (250 ms for
    // the two members' views of the new assignment to meet); before, it went on for seconds.
    expect(starts.second.length).toBeGreaterThan(0);
    const [moved, takenOverAt] = starts.second[0];
    const lastStartByFirst = Math.max(...starts.first.filter(([p]) => p === moved).map(([, at]) => at));
    expect(lastStartByFirst).toBeLessThan(takenOverAt + 250);
  }, 90_000);

  it('quarantines a record that keeps failing, retries transient failures, and moves on', async () => {
    const topic = await freshTopic();
    const group = uniqueId('g-');
    await send(topic, [
      { key: 'a', value: 'bad' },
      { key: 'b', value: 'flaky' },
      { key: 'c', value: 'good' },
    ]);
    const quarantined: string[] = [];
    const handled: string[] = [];
    let flakyFailures = 0;
    const c = consumer(topic, group, {
      handle: async (m) => {
        const value = m.value!.toString();
        if (value === 'bad') throw new Error('handler bug');
        if (value === 'flaky' && flakyFailures++ < 4) throw new TransientError('database restarting');
        handled.push(value);
      },
      quarantine: async (m) => void quarantined.push(m.value!.toString()),
    });
    await c.start();
    try {
      await eventually(async () => (await committed(group, topic)) === 3, 40_000);
    } finally {
      await c.stop(5000);
    }
    expect(quarantined).toEqual(['bad']);
    expect(handled.sort()).toEqual(['flaky', 'good']);
    expect(flakyFailures).toBe(5);
  }, 60_000);
  it('stops at once while a record waits out an outage, leaving it to the next reader', async () => {
    const topic = await freshTopic();
    const group = uniqueId('g-');
    await send(topic, [
      { key: 'a', value: 'first' },
      { key: 'b', value: 'during-outage' },
    ]);
    let away = true;
    const handled: string[] = [];
    const handle = async (m: InboundMessage) => {
      const value = m.value!.toString();
      if (value === 'during-outage' && away) throw new TransientError('schema registry away');
      handled.push(value);
    };
    const first = consumer(topic, group, { handle });
    await first.start();
    await eventually(async () => (await committed(group, topic)) === 1);
    const stopStarted = Date.now();
    await first.stop(30_000);
    // Not the 30 s shutdown timeout: the failing record was given up at the stop.
    expect(Date.now() - stopStarted).toBeLessThan(10_000);
    expect(await committed(group, topic)).toBe(1);

    away = false;
    const next = consumer(topic, group, { handle });
    await next.start();
    try {
      await eventually(async () => (await committed(group, topic)) === 2, 40_000);
    } finally {
      await next.stop(5000);
    }
    expect(handled).toEqual(['first', 'during-outage']);
  }, 90_000);
});
