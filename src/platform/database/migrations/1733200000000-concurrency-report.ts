import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The adaptive concurrency limit of a subscription as its delivering instances last reported it,
 * beside its circuit: the circuit view shows both, whichever instance answers the API.
 */
export class ConcurrencyReport1733200000000 implements MigrationInterface {
  name = 'ConcurrencyReport1733200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE subscription_circuits
        ADD COLUMN concurrency_limit integer,
        ADD COLUMN concurrency_reported_at timestamptz`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE subscription_circuits DROP COLUMN concurrency_limit, DROP COLUMN concurrency_reported_at`);
  }
}
