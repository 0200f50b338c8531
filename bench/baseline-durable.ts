import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Consumer, EachBatchPayload, KafkaMessage } from 'kafkajs';
import pg from 'pg';
import { Agent, request } from 'undici';
import { signDelivery } from '../src/platform/egress/signer.js';
import { benchSubscriptionId, dropTopics, kafka, newPrefix, publish, tenant } from './context.js';
import { settings } from './settings.js';
import { meterStack, perDelivery } from './stack-cpu.js';
import type { BaselineResult } from './baseline.js';
import { percentiles } from './stats.js';

/** The durable loop's subscription id: one the fan-out cases never use (they count from 0). */
const DURABLE_SUBSCRIPTION = benchSubscriptionId(0xd0ab1e);
const PARTITIONS = 3;

interface Attempt {
  id: string;
  at: Date;
  eventId: string;
  status: number;
  ms: number;
}

/**
 * The minimal durable at-least-once sender, measured beside the raw loop in the same round: it
 * consumes events from a Kafka topic of three partitions, signs and POSTs each one over keep-alive
 * TLS with `concurrency` requests in flight across the partitions, writes every attempt to
 * Postgres's attempt table in one multi-row INSERT per fetched batch, then commits the batch's
 * offsets. Nothing else: no matching, no retries, no tracing. What the service does beyond this
 * is what its ratio to this loop measures.
 */
export async function runDurableBaseline(
  url: string,
  caFile: string,
  total: number,
  concurrency: number,
): Promise<BaselineResult> {
  const prefix = newPrefix();
  const topic = `${prefix}.durable`;
  const admin = kafka.admin();
  await admin.connect();
  await admin.createTopics({ waitForLeaders: true, topics: [{ topic, numPartitions: PARTITIONS }] });
  await admin.disconnect();
  // Published before the clock starts: the loop's CPU is then its own, and its topic's records wait
  // for it as an upper bound on what a consumer can take (the bench's producer outruns every sender).
  const producer = kafka.producer();
  await producer.connect();
  await publish(producer, topic, total, undefined, 8);
  await producer.disconnect();

  const agent = new Agent({ connect: { ca: readFileSync(caFile, 'utf8') }, connections: concurrency });
  // A connection per partition, so that one batch's INSERT never waits for another's.
  const db = new pg.Pool({ connectionString: settings.databaseUrl, max: PARTITIONS });
  const loop = new DurableLoop(url, agent, db, concurrency);
  const consumer = kafka.consumer({ groupId: `${prefix}.durable`, maxWaitTimeInMs: 100 });
  try {
    const stack = await meterStack();
    const result = await loop.drain(consumer, topic, total);
    return { ...result, stackCpu: perDelivery(await stack.stop(), result.deliveries) };
  } finally {
    await consumer.disconnect().catch(() => undefined);
    await agent.close();
    await db.query(`DELETE FROM delivery_attempts WHERE tenant_id = $1 AND subscription_id = $2`, [
      tenant,
      DURABLE_SUBSCRIPTION,
    ]);
    await db.end();
    await dropTopics(prefix);
  }
}

/** One drain of the topic: the loop's state (slots, latencies, count) and its steps. */
class DurableLoop {
  private readonly secret = 'whsec_' + Buffer.from('bench-durable-secret-0123456789').toString('base64');
  private readonly latencies: number[] = [];
  private readonly slotWaiters: (() => void)[] = [];
  private inFlight = 0;
  private done = 0;

  constructor(
    private readonly url: string,
    private readonly agent: Agent,
    private readonly db: pg.Pool,
    private readonly concurrency: number,
  ) {}

  async drain(consumer: Consumer, topic: string, total: number): Promise<BaselineResult> {
    await consumer.connect();
    await consumer.subscribe({ topics: [topic], fromBeginning: true });
    let finish!: () => void;
    const finished = new Promise<void>((r) => (finish = r));
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    await consumer.run({
      autoCommit: false,
      eachBatchAutoResolve: false,
      partitionsConsumedConcurrently: PARTITIONS,
      eachBatch: async (payload) => {
        await this.batch(payload, consumer, topic);
        if (this.done >= total) finish();
      },
    });
    await finished;
    const seconds = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuBefore);
    return {
      deliveries: this.done,
      concurrency: this.concurrency,
      seconds,
      perSecond: this.done / seconds,
      latencyMs: percentiles(this.latencies),
      cpuMsPerRequest: (cpu.user + cpu.system) / 1000 / this.done,
    };
  }

  /** Every record of the batch sent, their attempts in one INSERT, then the batch's offset committed. */
  private async batch({ batch, resolveOffset, heartbeat }: EachBatchPayload, consumer: Consumer, topic: string) {
    if (batch.messages.length === 0) return;
    const attempts = await Promise.all(batch.messages.map((m) => this.send(m)));
    await this.record(attempts);
    const last = batch.messages[batch.messages.length - 1].offset;
    resolveOffset(last);
    await consumer.commitOffsets([{ topic, partition: batch.partition, offset: String(Number(last) + 1) }]);
    await heartbeat();
    this.done += attempts.length;
  }

  private async send(message: KafkaMessage): Promise<Attempt> {
    await this.slot();
    try {
      const body = message.value!.toString('utf8');
      const eventId = (JSON.parse(body) as { id: string }).id;
      const sentAt = Date.now();
      const sent = performance.now();
      const headers = {
        ...signDelivery({ msgId: eventId, timestamp: sentAt / 1000, body, secrets: [this.secret] }),
        'content-type': 'application/json',
        'user-agent': 'Hookline/bench',
      };
      const res = await request(this.url, { method: 'POST', dispatcher: this.agent, headers, body });
      await res.body.text();
      const ms = performance.now() - sent;
      this.latencies.push(ms);
      return { id: randomUUID(), at: new Date(sentAt), eventId, status: res.statusCode, ms };
    } finally {
      this.release();
    }
  }

  private async record(attempts: Attempt[]): Promise<void> {
    await this.db.query(
      `INSERT INTO delivery_attempts (id, created_at, tenant_id, subscription_id, event_id, event_type, attempt,
         trigger, outcome, status_code, response_time_ms)
       SELECT i, c, $3, $4, e, 'order.created', 1, 'initial', 'success', s, m
         FROM unnest($1::uuid[], $2::timestamptz[], $5::text[], $6::int[], $7::int[]) AS x(i, c, e, s, m)`,
      [
        attempts.map((a) => a.id),
        attempts.map((a) => a.at.toISOString()),
        tenant,
        DURABLE_SUBSCRIPTION,
        attempts.map((a) => a.eventId),
        attempts.map((a) => a.status),
        attempts.map((a) => Math.round(a.ms)),
      ],
    );
  }

  private async slot(): Promise<void> {
    while (this.inFlight >= this.concurrency) await new Promise<void>((r) => this.slotWaiters.push(r));
    this.inFlight++;
  }

  private release(): void {
    this.inFlight--;
    this.slotWaiters.shift()?.();
  }
}
