import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * How a subscription's endpoint authenticates Hookline: static request headers (secret values
 * sealed) and one authentication (basic, bearer, OAuth2 client credentials or mTLS, the credential
 * sealed). Existing subscriptions get none: the signature alone, as before.
 */
export class EndpointAuthentication1734500000000 implements MigrationInterface {
  name = 'EndpointAuthentication1734500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE subscriptions ADD COLUMN headers jsonb NOT NULL DEFAULT '{}'::jsonb`);
    await q.query(`ALTER TABLE subscriptions ADD COLUMN auth jsonb`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE subscriptions DROP COLUMN auth`);
    await q.query(`ALTER TABLE subscriptions DROP COLUMN headers`);
  }
}
