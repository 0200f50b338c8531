import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * State every instance of a deployment shares: the changelog outbox (a change and its changelog
 * record commit together; a relay publishes what is left behind), each subscription's circuit and
 * its delivery-rate slice. Circuit and rate rows go with their subscription (ON DELETE CASCADE).
 */
export class FleetState1733100000000 implements MigrationInterface {
  name = 'FleetState1733100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE changelog_outbox (
        id bigserial PRIMARY KEY,
        topic text NOT NULL,
        message_key text NOT NULL,
        payload text NOT NULL,
        tenant_id text,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX changelog_outbox_topic ON changelog_outbox (topic, id)`);
    await q.query(`
      CREATE TABLE subscription_circuits (
        tenant_id text NOT NULL,
        subscription_id uuid NOT NULL REFERENCES subscriptions (id) ON DELETE CASCADE,
        state text NOT NULL DEFAULT 'closed' CHECK (state IN ('closed', 'open', 'half_open')),
        consecutive_failures integer NOT NULL DEFAULT 0,
        window_started_at timestamptz NOT NULL DEFAULT now(),
        window_attempts integer NOT NULL DEFAULT 0,
        window_failures integer NOT NULL DEFAULT 0,
        opened_at timestamptz,
        probe_started_at timestamptz,
        reason text,
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (tenant_id, subscription_id)
      )`);
    await q.query(`CREATE INDEX subscription_circuits_subscription ON subscription_circuits (subscription_id)`);
    await q.query(`
      CREATE TABLE subscription_rate_slices (
        tenant_id text NOT NULL,
        subscription_id uuid NOT NULL REFERENCES subscriptions (id) ON DELETE CASCADE,
        slice bigint NOT NULL,
        budget integer NOT NULL,
        used integer NOT NULL,
        granted integer NOT NULL,
        PRIMARY KEY (tenant_id, subscription_id)
      )`);
    await q.query(`CREATE INDEX subscription_rate_slices_subscription ON subscription_rate_slices (subscription_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE subscription_rate_slices`);
    await q.query(`DROP TABLE subscription_circuits`);
    await q.query(`DROP TABLE changelog_outbox`);
  }
}
