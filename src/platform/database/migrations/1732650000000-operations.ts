import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Asynchronous operations (reports, recoveries, DLQ redrives) leased by the operations runner, the
 * rows of finished reports, and the redrive marks on dead letters.
 */
export class Operations1732650000000 implements MigrationInterface {
  name = 'Operations1732650000000';

  async up(q: QueryRunner): Promise<void> {
    await this.createOperations(q);
    await this.createReportRows(q);
    await this.markRedrives(q);
  }

  /** The operations the runner leases, and the indexes of the tenant's list, the claim and the purge. */
  private async createOperations(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE operations (
        id uuid PRIMARY KEY,
        tenant_id text NOT NULL,
        namespace text NOT NULL,
        kind text NOT NULL,
        parameters jsonb NOT NULL,
        status text NOT NULL DEFAULT 'PENDING'
          CHECK (status IN ('PENDING', 'IN_PROGRESS', 'COMPLETED', 'FAILED', 'CANCELLING', 'CANCELLED')),
        progress integer NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
        estimated_completion timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        started_at timestamptz,
        finished_at timestamptz,
        result_url text,
        result jsonb,
        error jsonb,
        checkpoint jsonb,
        lease_owner text,
        lease_expires_at timestamptz,
        cancel_requested boolean NOT NULL DEFAULT false,
        runs integer NOT NULL DEFAULT 0
      )`);
    // The tenant's list, newest first, keyset-paginated on (created_at, id).
    await q.query(`CREATE INDEX operations_tenant_created ON operations (tenant_id, created_at DESC, id DESC)`);
    // The runner's claim looks only at its namespace's work that may still need a holder.
    await q.query(
      `CREATE INDEX operations_claimable ON operations (namespace, created_at)
        WHERE status IN ('PENDING', 'IN_PROGRESS', 'CANCELLING')`,
    );
    await q.query(`CREATE INDEX operations_finished ON operations (finished_at) WHERE finished_at IS NOT NULL`);
  }

  /** The rows of finished reports. */
  private async createReportRows(q: QueryRunner): Promise<void> {
    // "C" collation: the per-subscription total ('*') sorts before its event types, and the keyset
    // order of the stream does not depend on the server's locale.
    await q.query(`
      CREATE TABLE report_rows (
        operation_id uuid NOT NULL REFERENCES operations (id) ON DELETE CASCADE,
        tenant_id text NOT NULL,
        subscription_id uuid NOT NULL,
        event_type text COLLATE "C" NOT NULL,
        attempts bigint NOT NULL,
        succeeded bigint NOT NULL,
        failed bigint NOT NULL,
        success_ratio double precision NOT NULL,
        latency_p50_ms double precision NOT NULL,
        latency_p95_ms double precision NOT NULL,
        latency_p99_ms double precision NOT NULL,
        first_attempt_at timestamptz NOT NULL,
        last_attempt_at timestamptz NOT NULL,
        PRIMARY KEY (operation_id, subscription_id, event_type)
      )`);
  }

  /** The redrive marks on dead letters. */
  private async markRedrives(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE dead_letters ADD COLUMN redriven_at timestamptz, ADD COLUMN redriven_by uuid`);
    // What a redrive walks: the tenant's records not redriven yet, oldest first.
    await q.query(
      `CREATE INDEX dead_letters_redrivable ON dead_letters (tenant_id, created_at, id) WHERE redriven_at IS NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX dead_letters_redrivable`);
    await q.query(`ALTER TABLE dead_letters DROP COLUMN redriven_by, DROP COLUMN redriven_at`);
    await q.query(`DROP TABLE report_rows`);
    await q.query(`DROP TABLE operations`);
  }
}
