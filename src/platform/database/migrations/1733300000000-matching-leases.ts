import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The ingest instances that match events against an in-memory subscription table, each with the
 * changelog positions it has applied and a lease. A subscription change is answered once every
 * instance holding a lease on its deployment's changelog has applied it (docs/design/read-your-writes.md, "Registration is
 * read-your-writes"); `leased_since` changes whenever a lapsed lease is taken again.
 */
export class MatchingLeases1733300000000 implements MigrationInterface {
  name = 'MatchingLeases1733300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE matching_leases (
        instance_id text PRIMARY KEY,
        changelog_topic text NOT NULL,
        positions jsonb NOT NULL DEFAULT '{}',
        leased_since timestamptz NOT NULL,
        lease_until timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX matching_leases_topic ON matching_leases (changelog_topic, lease_until)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE matching_leases`);
  }
}
