import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Ordered delivery (docs/design/ordered-delivery.md): a subscription's `ordering` setting, and its lane.
 * ordered_events holds each event of an ordered subscription from ingest until it is delivered or
 * given up: put in order (sequence) once no earlier record of its ingest partition can still come,
 * then deleted. ordered_keys holds each key's chain (last sequence and event) and its head: the next
 * sequence to send, its attempts, when it is due (or until when an instance holds it), or that it is
 * blocked, and the deployment (KAFKA_TOPIC_PREFIX) whose dispatchers send it. Both go with their
 * subscription.
 */
export class OrderedDelivery1734700000000 implements MigrationInterface {
  name = 'OrderedDelivery1734700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE subscriptions ADD COLUMN ordering jsonb`);
    await q.query(`
      CREATE TABLE ordered_keys (
        subscription_id uuid NOT NULL REFERENCES subscriptions (id) ON DELETE CASCADE,
        ordering_key text NOT NULL,
        tenant_id text NOT NULL,
        namespace text NOT NULL,
        last_sequence bigint NOT NULL DEFAULT 0,
        last_event_id text,
        head_sequence bigint NOT NULL DEFAULT 1,
        head_attempts integer NOT NULL DEFAULT 0,
        head_history jsonb,
        head_redriven boolean NOT NULL DEFAULT false,
        due_at timestamptz,
        lease_token uuid,
        blocked_at timestamptz,
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (subscription_id, ordering_key)
      )`);
    // The dispatcher's: its deployment's subscriptions, each one's keys by due time (held keys are due
    // when their lease ends).
    await q.query(
      `CREATE INDEX ordered_keys_due ON ordered_keys (namespace, subscription_id, due_at) WHERE due_at IS NOT NULL`,
    );
    await q.query(
      `CREATE INDEX ordered_keys_blocked ON ordered_keys (tenant_id, subscription_id, ordering_key) WHERE blocked_at IS NOT NULL`,
    );
    // Keys with nothing to send, for their retention.
    await q.query(
      `CREATE INDEX ordered_keys_idle ON ordered_keys (updated_at) WHERE due_at IS NULL AND blocked_at IS NULL`,
    );
    await q.query(`
      CREATE TABLE ordered_events (
        subscription_id uuid NOT NULL REFERENCES subscriptions (id) ON DELETE CASCADE,
        source_topic text NOT NULL,
        source_partition integer NOT NULL,
        source_offset bigint NOT NULL,
        tenant_id text NOT NULL,
        ordering_key text NOT NULL,
        sequence bigint,
        previous_event_id text,
        event_id text NOT NULL,
        event_type text NOT NULL,
        event_created_at text NOT NULL,
        data text NOT NULL,
        traceparent text,
        received_at timestamptz NOT NULL,
        PRIMARY KEY (subscription_id, source_topic, source_partition, source_offset)
      )`);
    await q.query(
      `CREATE UNIQUE INDEX ordered_events_chain ON ordered_events (subscription_id, ordering_key, sequence) WHERE sequence IS NOT NULL`,
    );
    // What the settler puts in order: a partition's events not numbered yet, in offset order.
    await q.query(
      `CREATE INDEX ordered_events_unsettled ON ordered_events (source_topic, source_partition, source_offset) WHERE sequence IS NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE ordered_events`);
    await q.query(`DROP TABLE ordered_keys`);
    await q.query(`ALTER TABLE subscriptions DROP COLUMN ordering`);
  }
}
