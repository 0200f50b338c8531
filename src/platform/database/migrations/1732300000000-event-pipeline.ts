import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The pipeline's write-heavy tables. delivery_attempts and events are partitioned by day on their
 * time column (declarative partitioning): retention drops whole partitions instead of deleting
 * hundreds of millions of rows, and every API query names the tenant and a time order so the
 * indexes below serve it. Their partitions are created by a later migration and by PartitionMaintenance.
 */
export class EventPipeline1732300000000 implements MigrationInterface {
  name = 'EventPipeline1732300000000';

  async up(q: QueryRunner): Promise<void> {
    await this.createDeliveryAttempts(q);
    await this.createEvents(q);
    await this.createSubscriptionSequences(q);
    await this.createDeadLetters(q);
    // Partitions (a default one and the days around the clock) come with DefaultPartitions1733000000000.
  }

  /** The attempt log, partitioned by day on created_at, and the indexes of its queries. */
  private async createDeliveryAttempts(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE delivery_attempts (
        id uuid NOT NULL,
        created_at timestamptz NOT NULL,
        tenant_id text NOT NULL,
        subscription_id uuid NOT NULL,
        event_id text NOT NULL,
        event_type text NOT NULL,
        attempt integer NOT NULL,
        trigger text NOT NULL,
        outcome text NOT NULL,
        status_code integer,
        response_time_ms integer NOT NULL,
        response_body text,
        response_headers jsonb,
        error text,
        trace_id text,
        next_attempt_at timestamptz,
        PRIMARY KEY (created_at, id)
      ) PARTITION BY RANGE (created_at)`);
    // The delivery log: one subscription, newest first, keyset pagination on (created_at, id).
    await q.query(
      `CREATE INDEX delivery_attempts_log ON delivery_attempts (tenant_id, subscription_id, created_at DESC, id DESC)`,
    );
    // Every attempt of one event across the tenant's subscriptions.
    await q.query(`CREATE INDEX delivery_attempts_event ON delivery_attempts (tenant_id, event_id)`);
    // Lookup of one attempt by id alone (its uuid v7 also carries created_at, which prunes partitions).
    await q.query(`CREATE INDEX delivery_attempts_id ON delivery_attempts (id)`);
  }

  /** The event store, partitioned by day on received_at. */
  private async createEvents(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE events (
        tenant_id text NOT NULL,
        id text NOT NULL,
        type text NOT NULL,
        created_at timestamptz NOT NULL,
        received_at timestamptz NOT NULL,
        payload jsonb NOT NULL,
        source_topic text NOT NULL,
        source_partition integer NOT NULL,
        source_offset bigint NOT NULL,
        subscription_ids uuid[] NOT NULL
      ) PARTITION BY RANGE (received_at)`);
    // Not unique: a redelivered ingest record stores the event again; recovery dedupes on id.
    await q.query(`CREATE INDEX events_tenant_id ON events (tenant_id, id)`);
    await q.query(`CREATE INDEX events_tenant_received ON events (tenant_id, received_at)`);
  }

  private async createSubscriptionSequences(q: QueryRunner): Promise<void> {
    // Per-subscription ordering metadata handed out at fan-out (see SequenceAllocator).
    await q.query(`
      CREATE TABLE subscription_sequences (
        subscription_id uuid PRIMARY KEY,
        tenant_id text NOT NULL,
        last_sequence bigint NOT NULL,
        last_event_id text NOT NULL,
        previous_event_id text
      )`);
  }

  /** The queryable index of <prefix>.dlq (DeadLetterIndex). */
  private async createDeadLetters(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE dead_letters (
        id uuid PRIMARY KEY,
        tenant_id text,
        subscription_id uuid,
        reason text NOT NULL,
        detail text NOT NULL DEFAULT '',
        source_topic text,
        source_partition integer,
        source_offset bigint,
        dlq_topic text NOT NULL,
        dlq_partition integer NOT NULL,
        dlq_offset bigint NOT NULL,
        headers jsonb NOT NULL,
        payload bytea,
        payload_json jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (dlq_topic, dlq_partition, dlq_offset)
      )`);
    await q.query(`CREATE INDEX dead_letters_tenant ON dead_letters (tenant_id, created_at DESC)`);
    await q.query(`CREATE INDEX dead_letters_reason ON dead_letters (reason, created_at DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE dead_letters`);
    await q.query(`DROP TABLE subscription_sequences`);
    await q.query(`DROP TABLE events`);
    await q.query(`DROP TABLE delivery_attempts`);
  }
}
