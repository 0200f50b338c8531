import { randomUUID } from 'node:crypto';
import { Consumer, Producer, ProduceAcks, stringSerializers } from '@platformatic/kafka';
import { AppConfig } from '../src/platform/config/app-config.js';
import { createKafkaClient } from '../src/platform/kafka/kafka-client.js';
import { median } from './stats.js';

/**
 * npm run bench:kafka [-- --quick]: the Kafka clients Hookline could sit on, each against the same
 * local broker with the guarantees the pipeline needs (acks from all in-sync replicas, idempotent
 * producer, offsets committed by hand after processing), alternating which goes first, several
 * rounds. Produce: N records of ~1 KB with 100 keys, 500 to a send. Consume: the same N from a new
 * group, committing every 1,000 records, timed from the first record (joining the group is not
 * throughput). Beside each rate, the Node thread's busy time per 1,000 records (event-loop
 * utilisation × elapsed): what a client leaves to the service's own work on that thread.
 * @confluentinc/kafka-javascript (librdkafka) is measured when installed (`make bench-kafka`
 * builds it against the machine's OpenSSL and zlib; its prebuilt binaries are out of reach here).
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
  /** The Node thread's busy ms per 1,000 records produced, and consumed. */
  produceThreadMs: number;
  consumeThreadMs: number;
}
type Client = (topic: string, records: { key: string; value: string }[]) => Promise<Figures>;

/** Wall time and the Node thread's busy time since `restart`, as a rate and ms per 1,000 records. */
class Stopwatch {
  private at = performance.now();
  private loop = performance.eventLoopUtilization();

  restart(): void {
    this.at = performance.now();
    this.loop = performance.eventLoopUtilization();
  }

  read(records: number): { perSecond: number; threadMs: number } {
    const elapsed = performance.now() - this.at;
    const busy = performance.eventLoopUtilization(this.loop).utilization * elapsed;
    return { perSecond: records / (elapsed / 1000), threadMs: (busy / records) * 1000 };
  }
}

function toFigures(produced: { perSecond: number; threadMs: number }, consumed: typeof produced): Figures {
  return {
    producePerSecond: produced.perSecond,
    produceThreadMs: produced.threadMs,
    consumePerSecond: consumed.perSecond,
    consumeThreadMs: consumed.threadMs,
  };
}

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

// Through the service's factory; the other two clients are measured on the plaintext listener only.
const kafkajs = createKafkaClient(AppConfig.fromEnv({ KAFKA_BROKERS: BROKERS.join(',') }), {
  clientId: 'bench-kafkajs',
});

const records = Array.from({ length: MESSAGES }, (_, i) => ({
  key: `sub-${i % 100}`,
  value: JSON.stringify({ id: randomUUID(), n: i, pad: 'x'.repeat(960) }),
}));

/** What both clients' KafkaJS-shaped eachBatch hands over that the consume phase uses. */
interface BatchPayload {
  batch: { partition: number; messages: { offset: string }[] };
  resolveOffset: (offset: string) => void;
}
interface Offset {
  topic: string;
  partition: number;
  offset: string;
}

/**
 * The consume phase's eachBatch: restarts `watch` at the first record, commits every COMMIT_EVERY
 * and at the last, and resolves `done` once `total` records were seen.
 */
function counting(topic: string, total: number, watch: Stopwatch, commit: (offsets: Offset[]) => Promise<void>) {
  let seen = 0;
  let finish: () => void = () => undefined;
  const done = new Promise<void>((resolve) => (finish = resolve));
  const eachBatch = async ({ batch, resolveOffset }: BatchPayload): Promise<void> => {
    if (seen === 0) watch.restart();
    for (const m of batch.messages) {
      resolveOffset(m.offset);
      if (++seen % COMMIT_EVERY === 0 || seen === total)
        await commit([{ topic, partition: batch.partition, offset: String(Number(m.offset) + 1) }]);
    }
    if (seen >= total) finish();
  };
  return { eachBatch, done };
}

async function withKafkajs(topic: string, batch: { key: string; value: string }[]): Promise<Figures> {
  const producer = kafkajs.producer({ idempotent: true, maxInFlightRequests: 1 });
  await producer.connect();
  await warmUp(() => producer.send({ topic, acks: -1, messages: [WARM_UP] }));
  const watch = new Stopwatch();
  for (let i = 0; i < batch.length; i += BATCH)
    await producer.send({ topic, acks: -1, messages: batch.slice(i, i + BATCH) });
  const produced = watch.read(batch.length);
  await producer.disconnect();

  const consumer = kafkajs.consumer({ groupId: `${topic}-g`, maxWaitTimeInMs: 100 });
  await consumer.connect();
  await consumer.subscribe({ topics: [topic], fromBeginning: true });
  const { eachBatch, done } = counting(topic, batch.length + 1, watch, (offsets) => consumer.commitOffsets(offsets));
  void consumer.run({ autoCommit: false, eachBatch });
  await done;
  const consumed = watch.read(batch.length);
  await consumer.disconnect();
  return toFigures(produced, consumed);
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
  const watch = new Stopwatch();
  for (let i = 0; i < batch.length; i += BATCH)
    await producer.send({ messages: batch.slice(i, i + BATCH).map((r) => ({ topic, ...r })) });
  const produced = watch.read(batch.length);
  await producer.close();

  const consumer = new Consumer({
    clientId: 'bench-platformatic',
    groupId: `${topic}-g`,
    bootstrapBrokers: BROKERS,
    maxWaitTime: 100,
  });
  const stream = await consumer.consume({ topics: [topic], autocommit: false, mode: 'earliest' });
  let seen = 0;
  const total = batch.length + 1;
  for await (const message of stream) {
    if (seen === 0) watch.restart();
    if (++seen % COMMIT_EVERY === 0 || seen === total) await message.commit();
    if (seen >= total) break;
  }
  const consumed = watch.read(batch.length);
  await stream.close();
  await consumer.close(true);
  return toFigures(produced, consumed);
}

/** The slice of @confluentinc/kafka-javascript's KafkaJS-compatible API this bench uses. */
interface ConfluentKafka {
  producer(config: object): {
    connect(): Promise<void>;
    send(request: { topic: string; messages: { key: string; value: string }[] }): Promise<unknown>;
    disconnect(): Promise<void>;
  };
  consumer(config: object): {
    connect(): Promise<void>;
    subscribe(request: { topics: string[] }): Promise<void>;
    run(handlers: { eachBatch: (payload: BatchPayload) => Promise<void> }): Promise<void>;
    commitOffsets(offsets: Offset[]): Promise<void>;
    disconnect(): Promise<void>;
  };
}

/** The librdkafka client, when installed (an optional native build); undefined otherwise. */
async function loadConfluent(): Promise<ConfluentKafka | undefined> {
  const name = '@confluentinc/kafka-javascript';
  try {
    const loaded = (await import(name)) as { default: { KafkaJS: { Kafka: new (config: object) => ConfluentKafka } } };
    // Another library, compared on the plaintext listener: not one of Hookline's clients.
    // eslint-disable-next-line no-restricted-syntax
    return new loaded.default.KafkaJS.Kafka({
      kafkaJS: { brokers: BROKERS, clientId: 'bench-confluent', logLevel: 0 },
    });
  } catch {
    return undefined;
  }
}

function withConfluent(kafka: ConfluentKafka): Client {
  return async (topic, batch) => {
    const producer = kafka.producer({ kafkaJS: { idempotent: true, acks: -1 } });
    await producer.connect();
    // Copies: this client writes its partition (-1, unassigned) into the messages it is given.
    await warmUp(() => producer.send({ topic, messages: [{ ...WARM_UP }] }));
    const watch = new Stopwatch();
    for (let i = 0; i < batch.length; i += BATCH)
      await producer.send({ topic, messages: batch.slice(i, i + BATCH).map((r) => ({ ...r })) });
    const produced = watch.read(batch.length);
    await producer.disconnect();

    const consumer = kafka.consumer({
      kafkaJS: { groupId: `${topic}-g`, fromBeginning: true, autoCommit: false, maxWaitTimeInMs: 100 },
      'js.consumer.max.batch.size': BATCH,
    });
    await consumer.connect();
    await consumer.subscribe({ topics: [topic] });
    const { eachBatch, done } = counting(topic, batch.length + 1, watch, (offsets) => consumer.commitOffsets(offsets));
    void consumer.run({ eachBatch });
    await done;
    const consumed = watch.read(batch.length);
    await consumer.disconnect();
    return toFigures(produced, consumed);
  };
}

const clients: [string, Client][] = [
  ['kafkajs', withKafkajs],
  ['@platformatic/kafka', withPlatformatic],
];

async function main(): Promise<void> {
  const confluent = await loadConfluent();
  if (confluent) clients.push(['@confluentinc/kafka-javascript', withConfluent(confluent)]);
  else console.log('@confluentinc/kafka-javascript is not installed (make bench-kafka): not measured');
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
          `round ${round + 1} ${name}: produce ${f.producePerSecond.toFixed(0)}/s (thread ${f.produceThreadMs.toFixed(1)} ms ` +
            `/ 1,000), consume ${f.consumePerSecond.toFixed(0)}/s (${f.consumeThreadMs.toFixed(1)})`,
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
  console.log('| client | produce/s | × kafkajs | thread ms / 1,000 | consume/s | × kafkajs | thread ms / 1,000 |');
  console.log('| --- | --- | --- | --- | --- | --- | --- |');
  for (const [name, runs] of figures) {
    const at = (key: keyof Figures) => median(runs.map((f) => f[key]));
    const ratio = (a: number, b: number) => (a / b).toFixed(2);
    const [produce, consume] = [at('producePerSecond'), at('consumePerSecond')];
    console.log(
      `| ${name} | ${produce.toFixed(0)} | ${ratio(produce, baseProduce)} | ${at('produceThreadMs').toFixed(1)} ` +
        `| ${consume.toFixed(0)} | ${ratio(consume, baseConsume)} | ${at('consumeThreadMs').toFixed(1)} |`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(`kafka client bench failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1); // the clients' open connections would keep a failed run alive
});
