import { randomUUID } from 'node:crypto';
import type { Consumer } from 'kafkajs';
import type { KafkaService } from '../../src/platform/kafka/kafka.service.js';
import { eventually, type PipelineFixtures } from './pipeline-fixtures.js';

export interface AttemptRow {
  attempt: number;
  event_id: string;
  outcome: string;
  status_code: number | null;
  trigger: string;
  created_at: Date;
  next_attempt_at: Date | null;
}

/** The failure-handling view of the database, for the failures-* e2e suites. */
export class FailureProbe {
  constructor(private readonly fixtures: PipelineFixtures) {}

  async attempts(tenantId: string, subscriptionId: string): Promise<AttemptRow[]> {
    const rows = await this.fixtures.db.query<AttemptRow>(
      `SELECT attempt, event_id, outcome, status_code, trigger, created_at, next_attempt_at FROM delivery_attempts
        WHERE tenant_id = $1 AND subscription_id = $2 ORDER BY created_at, attempt`,
      [tenantId, subscriptionId],
    );
    return rows.rows;
  }

  async subscription(id: string) {
    const rows = await this.fixtures.db.query<{
      status: string;
      status_reason: string | null;
      status_changed_at: Date | null;
      version: number;
    }>(`SELECT status, status_reason, status_changed_at, version FROM subscriptions WHERE id = $1`, [id]);
    return rows.rows[0];
  }

  async deadLetters(subscriptionId: string) {
    const rows = await this.fixtures.db.query<{
      reason: string;
      detail: string;
      headers: Record<string, string>;
      payload_json: { event: { id: string }; attempt: number };
    }>(
      `SELECT reason, detail, headers, payload_json FROM dead_letters WHERE subscription_id = $1 ORDER BY created_at`,
      [subscriptionId],
    );
    return rows.rows;
  }

  async setAlertUrl(id: string, alertUrl: string): Promise<void> {
    await this.fixtures.db.query(`UPDATE subscriptions SET alert_url = $2 WHERE id = $1`, [id, alertUrl]);
  }

  /** What an operator's disable does: the status, then the changelog record every instance follows. */
  async disable(prefix: string, id: string): Promise<void> {
    await this.fixtures.db.query(
      `UPDATE subscriptions SET status = 'disabled', status_reason = 'test', version = version + 1 WHERE id = $1`,
      [id],
    );
    await this.fixtures.publishChange(prefix, id);
  }
}

export interface RecordedRecord<T> {
  key: string | null;
  value: T;
  /** The value as written, for assertions on exact bytes (parsing loses digits beyond a double's). */
  text: string;
  headers: Record<string, string>;
}

/** Collects every record of a topic from its beginning (a throwaway consumer group). */
export class TopicRecorder<T = unknown> {
  readonly records: RecordedRecord<T>[] = [];
  private consumer?: Consumer;

  constructor(
    private readonly kafka: KafkaService,
    private readonly topic: string,
  ) {}

  async start(): Promise<this> {
    this.consumer = this.kafka.kafka.consumer({ groupId: `recorder-${randomUUID()}`, maxWaitTimeInMs: 200 });
    await this.consumer.connect();
    await this.consumer.subscribe({ topics: [this.topic], fromBeginning: true });
    await this.consumer.run({
      eachMessage: async ({ message }) => {
        const headers: Record<string, string> = {};
        for (const [k, v] of Object.entries(message.headers ?? {})) headers[k] = String(v);
        const text = message.value?.toString() ?? 'null';
        this.records.push({ key: message.key?.toString() ?? null, value: JSON.parse(text) as T, text, headers });
      },
    });
    return this;
  }

  /** The first record that satisfies `predicate`, once it has arrived. */
  async find(predicate: (record: RecordedRecord<T>) => boolean, timeoutMs = 15_000): Promise<RecordedRecord<T>> {
    await eventually(() => this.records.some(predicate), timeoutMs, `a matching record on ${this.topic}`);
    return this.records.find(predicate)!;
  }

  async stop(): Promise<void> {
    await this.consumer?.disconnect();
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
