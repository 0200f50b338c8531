import { randomUUID } from 'node:crypto';
import { Consumer, Producer, ProduceAcks, stringSerializers } from '@platformatic/kafka';
import { Kafka, logLevel } from 'kafkajs';
// kafkajs's request queue without its idle 1 ms timer loop, as in the service.
import '../src/platform/kafka/kafkajs-request-queue.js';
import { median } from './stats.js';

/**
 * npm run bench:kafka [-- --quick]: the Kafka clients Hookline could sit on, each against the same
 * local broker with the guarantees the pipeline needs (acks from all in-sync replicas, idempotent
 * producer, offsets committed by hand after processing), alternating which goes first, several
 * rounds. Produce: N records of ~1 KB with 100 keys, 500 to a send. Consume: the same N from a new
 * group, committing every 1,000 records, timed from the first record (joining the group is not
 * throughput). @confluentinc/kafka-javascript is not measured here: its
 * prebuilt binaries and the sources its build fetches (OpenSSL, zlib, curl) come from hosts this
 * network cannot reach.
 */
const quick = process.argv.includes('--quick');
const MESSAGES = Number(process.env.BENCH_KAFKA_MESSAGES ?? (quick ? 5_000 : 100_000));
const ROUNDS = Number(process.env.BENCH_KAFKA_ROUNDS ?? (quick ? 1 : 3));
const BROKERS = (process.env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(',');
const BATCH = 500;
const COMMIT_EVERY = 1_000;

interface Figures {
  producePerSecond: number;
  consumePerSecond: number;
}
type Client = (topic: string, records: { key: string; value: string }[]) => Promise<Figures>;

/** A just-created topic may not be served yet by every path a client takes: one record, retried, before timing. */
async function warmUp(send: () => Promise<unknown>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return void (await send());
    } catch (error) {
      if (attempt >= 20) throw error;
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}
const WARM_UP = { key: 'warm-up', value: '{}' };

const kafkajs = new Kafka({ clientId: 'bench-kafkajs', brokers: BROKERS, logLevel: logLevel.NOTHING });

const records = Array.from({ length: MESSAGES }, (_, i) => ({
  key: `sub-${i % 100}`,
  value: JSON.stringify({ id: randomUUID(), n: i, pad: 'x'.repeat(960) }),
}));

async function withKafkajs(topic: string, batch: { key: string; value: string }[]): Promise<Figures> {
  const producer = kafkajs.producer({ idempotent: true, maxInFlightRequests: 1 });
  await producer.connect();
  await warmUp(() => producer.send({ topic, acks: -1, messages: [WARM_UP] }));
  let started = performance.now();
  for (let i = 0; i < batch.length; i += BATCH)
    await producer.send({ topic, acks: -1, messages: batch.slice(i, i + BATCH) });
  const producePerSecond = batch.length / ((performance.now() - started) / 1000);
  await producer.disconnect();

  const consumer = kafkajs.consumer({ groupId: `${topic}-g`, maxWaitTimeInMs: 100 });
  await consumer.connect();
  await consumer.subscribe({ topics: [topic], fromBeginning: true });
  let seen = 0;
  const total = batch.length + 1;
  started = performance.now();
  const done = new Promise<void>((resolve) => {
    void consumer.run({
      autoCommit: false,
      eachBatch: async ({ batch: b, resolveOffset }) => {
        if (seen === 0) started = performance.now();
        for (const m of b.messages) {
          resolveOffset(m.offset);
          if (++seen % COMMIT_EVERY === 0 || seen === total)
            await consumer.commitOffsets([{ topic, partition: b.partition, offset: String(Number(m.offset) + 1) }]);
        }
        if (seen >= total) resolve();
      },
    });
  });
  await done;
  const consumePerSecond = batch.length / ((performance.now() - started) / 1000);
  await consumer.disconnect();
  return { producePerSecond, consumePerSecond };
}

async function withPlatformatic(topic: string, batch: { key: string; value: string }[]): Promise<Figures> {
  const producer = new Producer({
    clientId: 'bench-platformatic',
    bootstrapBrokers: BROKERS,
    serializers: stringSerializers,
    idempotent: true,
    acks: ProduceAcks.ALL,
  });
  await warmUp(() => producer.send({ messages: [{ topic, ...WARM_UP }] }));
  let started = performance.now();
  for (let i = 0; i < batch.length; i += BATCH)
    await producer.send({ messages: batch.slice(i, i + BATCH).map((r) => ({ topic, ...r })) });
  const producePerSecond = batch.length / ((performance.now() - started) / 1000);
  await producer.close();

  const consumer = new Consumer({
    clientId: 'bench-platformatic',
    groupId: `${topic}-g`,
    bootstrapBrokers: BROKERS,
    maxWaitTime: 100,
  });
  started = performance.now();
  const stream = await consumer.consume({ topics: [topic], autocommit: false, mode: 'earliest' });
  let seen = 0;
  const total = batch.length + 1;
  for await (const message of stream) {
    if (seen === 0) started = performance.now();
    if (++seen % COMMIT_EVERY === 0 || seen === total) await message.commit();
    if (seen >= total) break;
  }
  const consumePerSecond = batch.length / ((performance.now() - started) / 1000);
  await stream.close();
  await consumer.close(true);
  return { producePerSecond, consumePerSecond };
}

const clients: [string, Client][] = [
  ['kafkajs', withKafkajs],
  ['@platformatic/kafka', withPlatformatic],
];

async function main(): Promise<void> {
  const admin = kafkajs.admin();
  await admin.connect();
  const figures = new Map<string, Figures[]>(clients.map(([name]) => [name, []]));
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? clients : [...clients].reverse();
    for (const [name, run] of order) {
      const topic = `bench-kafka-${randomUUID().slice(0, 8)}`;
      await admin.createTopics({ topics: [{ topic, numPartitions: 3 }], waitForLeaders: true });
      try {
        const f = await run(topic, records);
        figures.get(name)!.push(f);
        console.log(
          `round ${round + 1} ${name}: produce ${f.producePerSecond.toFixed(0)}/s, consume ${f.consumePerSecond.toFixed(0)}/s`,
        );
      } finally {
        await admin.deleteTopics({ topics: [topic] }).catch(() => undefined);
      }
    }
  }
  await admin.disconnect();
  printTable(figures);
}

function printTable(figures: Map<string, Figures[]>): void {
  const base = figures.get('kafkajs')!;
  const baseProduce = median(base.map((f) => f.producePerSecond));
  const baseConsume = median(base.map((f) => f.consumePerSecond));
  console.log(`\n${MESSAGES} records of ~1 KB, medians of ${ROUNDS} round(s)`);
  console.log('| client | produce/s | × kafkajs | consume/s | × kafkajs |');
  console.log('| --- | --- | --- | --- | --- |');
  for (const [name, runs] of figures) {
    const produce = median(runs.map((f) => f.producePerSecond));
    const consume = median(runs.map((f) => f.consumePerSecond));
    const ratio = (a: number, b: number) => (a / b).toFixed(2);
    console.log(
      `| ${name} | ${produce.toFixed(0)} | ${ratio(produce, baseProduce)} | ${consume.toFixed(0)} | ${ratio(consume, baseConsume)} |`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(`kafka client bench failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
