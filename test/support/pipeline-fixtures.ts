import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { KafkaService } from '../../src/platform/kafka/kafka.service.js';
import { SubscriptionSecrets } from '../../src/modules/subscriptions/subscription-secrets.js';
import { TEST_DATABASE_URL, testSecretBox } from './test-config.js';

export interface SubscriptionFixture {
  tenantId: string;
  url: string;
  events: string[];
  /** HMAC secrets, newest first (all valid); one is generated when none is given. */
  secrets?: string[];
  status?: 'active' | 'disabled' | 'failing';
  /** A CEL filter, stored as the API stores it (not checked here). */
  filter?: string;
  /** Ordered delivery, stored as the API stores it (not checked here). */
  ordering?: { key: string; on_exhausted: 'skip' | 'block' };
}

/** Seals secrets as the service does, with the tests' key ring. */
const sealing = new SubscriptionSecrets(testSecretBox());

/** Rows written straight into Postgres, so pipeline tests do not depend on the REST API. */
export class PipelineFixtures {
  readonly db = new pg.Pool({ connectionString: TEST_DATABASE_URL, max: 3 });

  constructor(private readonly kafka: KafkaService) {}

  async insertSubscription(s: SubscriptionFixture): Promise<string> {
    const id = randomUUID();
    const now = Date.now();
    const given = s.secrets ?? [`whsec_${Buffer.from(randomUUID()).toString('base64')}`];
    // Newest first: each older one a millisecond earlier, so the order signatures come in is the given one.
    const secrets = given.map((secret, i) => sealing.create(id, 'hmac-sha256', secret, new Date(now - i)).entry);
    await this.db.query(
      `INSERT INTO subscriptions (id, tenant_id, url, events, secrets, status, filter, ordering)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        id,
        s.tenantId,
        s.url,
        s.events,
        JSON.stringify(secrets),
        s.status ?? 'active',
        s.filter ?? null,
        s.ordering ? JSON.stringify(s.ordering) : null,
      ],
    );
    return id;
  }

  /** What the subscriptions module does after every change: a record on the compacted changelog. */
  async publishChange(prefix: string, id: string, deleted = false): Promise<void> {
    const rows = await this.db.query<{ tenant_id: string; version: number }>(
      `SELECT tenant_id, version FROM subscriptions WHERE id = $1`,
      [id],
    );
    const { tenant_id, version } = rows.rows[0];
    await this.kafka.send(`${prefix}.subscriptions`, [
      { key: id, value: JSON.stringify({ type: 'SubscriptionChangedV1', id, tenant_id, version, deleted }) },
    ]);
  }

  async attempts(tenantId: string): Promise<{ subscription_id: string; event_id: string; outcome: string }[]> {
    const rows = await this.db.query(
      `SELECT subscription_id, event_id, outcome, status_code FROM delivery_attempts WHERE tenant_id = $1`,
      [tenantId],
    );
    return rows.rows;
  }

  async deadLetters(topic: string) {
    const rows = await this.db.query(
      `SELECT reason, detail, source_topic, source_partition, source_offset, tenant_id, payload_json
         FROM dead_letters WHERE source_topic = $1 ORDER BY source_offset`,
      [topic],
    );
    return rows.rows as {
      reason: string;
      detail: string;
      source_topic: string;
      source_partition: number;
      source_offset: string;
      tenant_id: string | null;
    }[];
  }

  close(): Promise<void> {
    return this.db.end();
  }
}

export const envelope = (type: string, data: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) => ({
  id: `evt_${randomUUID()}`,
  type,
  created_at: new Date().toISOString(),
  data,
  ...extra,
});

export async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 20_000, what = 'condition') {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`${what} not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
