import type { MigrationInterface, QueryRunner } from 'typeorm';

/** A subscription's optional CEL filter over its events (docs/guides/filters-and-publishing.md). */
export class SubscriptionFilters1734400000000 implements MigrationInterface {
  name = 'SubscriptionFilters1734400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE subscriptions ADD COLUMN filter text`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE subscriptions DROP COLUMN filter`);
  }
}
