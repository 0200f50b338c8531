import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, Repository, type EntityManager } from 'typeorm';
import { sealedKeyIdSql } from '../../platform/crypto/sealed-value.js';
import type { KeyUse, ResealedBatch, SealedStore } from '../../platform/crypto/sealed-stores.js';
import type { SecretBox } from '../../platform/crypto/secret-box.js';
import { sealedValueSample, SEALED_VALUES, type SealedRef } from './sealed-columns.js';
import { resealEndpoint, type StoredEndpoint } from './subscription-credentials.js';
import { binding } from './subscription-secrets.js';
import { SubscriptionEntity, type SigningSecret, type SubscriptionStatus } from './subscription.entity.js';

export interface ListCriteria {
  status?: string;
  /** Patterns that cover the requested event type: the type, its `<prefix>.*` forms and `*`. */
  eventPatterns?: string[];
  sortColumn: 'created_at' | 'updated_at';
  descending: boolean;
  after?: { value: string; id: string };
  offset?: number;
  limit: number;
}

export class DuplicateSubscriptionError extends Error {}
/** The tenant holds as many subscriptions as it may: nothing was inserted. */
export class SubscriptionLimitError extends Error {
  constructor(readonly held: number) {
    super('subscription limit reached');
  }
}

/** What makes two subscriptions of a tenant the same: url, events and filter. */
type DuplicateKey = Pick<SubscriptionEntity, 'tenantId' | 'url' | 'events' | 'id'> & { filter?: string | null };

/** Runs in the writing transaction, after the row is written: the changelog outbox stages its record there. */
export type InTransaction = (
  tx: EntityManager,
  row: { id: string; tenantId: string; version: number },
) => Promise<void>;

const ISO_MICROS = `'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'`;
const KEY_ID = sealedKeyIdSql('v.sealed');
const HAS_STALE_SECRET = `EXISTS (SELECT 1 FROM ${SEALED_VALUES} v WHERE ${KEY_ID} <> $1)`;

/**
 * Subscriptions in Postgres; every method is scoped to a tenant except the two the pipeline uses
 * and the key ring's (census, re-encryption), which are about every row by nature.
 */
@Injectable()
export class SubscriptionsRepository implements SealedStore {
  readonly name = 'subscription signing secrets and endpoint credentials';

  constructor(
    @InjectRepository(SubscriptionEntity) private readonly subscriptions: Repository<SubscriptionEntity>,
    private readonly db: DataSource,
  ) {}

  findOne(tenantId: string, id: string): Promise<SubscriptionEntity | null> {
    return this.subscriptions.findOneBy({ tenantId, id });
  }

  /**
   * Inserts or updates one subscription under a per-(tenant, url) lock so the "same url and same
   * events twice" rule holds across concurrent requests and instances. Returns null when an update
   * finds the version changed meanwhile. `inTx` commits with the row or not at all.
   */
  async save(
    entity: SubscriptionEntity,
    expectedVersion: number | undefined,
    inTx: InTransaction,
    limit = Infinity,
  ): Promise<SubscriptionEntity | null> {
    return this.db.transaction(async (tx) => {
      // An insert takes the tenant's lock first, so that concurrent ones cannot pass the limit together.
      if (expectedVersion === undefined) await this.assertBelowLimit(tx, entity.tenantId, limit);
      await tx.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`${entity.tenantId} ${entity.url}`]);
      await this.assertUnique(tx, entity);
      const repo = tx.getRepository(SubscriptionEntity);
      if (expectedVersion === undefined) {
        const inserted = await repo.save(repo.create(entity));
        await inTx(tx, inserted);
        return inserted;
      }
      const result = await repo
        .createQueryBuilder()
        .update()
        .set({
          url: entity.url,
          events: entity.events,
          description: entity.description,
          metadata: entity.metadata,
          alertUrl: entity.alertUrl,
          filter: entity.filter,
          ordering: entity.ordering,
          secrets: entity.secrets,
          headers: entity.headers,
          auth: entity.auth,
          status: entity.status,
          statusReason: entity.statusReason,
          statusChangedAt: entity.statusChangedAt,
          version: () => 'version + 1',
          updatedAt: () => 'now()',
        })
        .where('tenant_id = :tenantId AND id = :id AND version = :expectedVersion', {
          tenantId: entity.tenantId,
          id: entity.id,
          expectedVersion,
        })
        .execute();
      if (!result.affected) return null;
      const saved = await repo.findOneByOrFail({ tenantId: entity.tenantId, id: entity.id });
      await inTx(tx, saved);
      return saved;
    });
  }

  /** How many subscriptions the tenant holds. */
  async countOf(tenantId: string, tx: EntityManager = this.db.manager): Promise<number> {
    const [row] = (await tx.query(`SELECT count(*)::int AS n FROM subscriptions WHERE tenant_id = $1`, [tenantId])) as {
      n: number;
    }[];
    return row.n;
  }

  private async assertBelowLimit(tx: EntityManager, tenantId: string, limit: number): Promise<void> {
    if (limit === Infinity) return;
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`subscriptions of ${tenantId}`]);
    const held = await this.countOf(tenantId, tx);
    if (held >= limit) throw new SubscriptionLimitError(held);
  }

  /** Whether another subscription of the tenant has this url, this (sorted) event set and this filter. */
  async hasDuplicate(entity: DuplicateKey): Promise<boolean> {
    return (await this.duplicates(this.db.manager, entity)).length > 0;
  }

  private duplicates(tx: EntityManager, e: DuplicateKey) {
    return tx.query(
      `SELECT 1 FROM subscriptions WHERE tenant_id = $1 AND url = $2 AND events = $3::text[]
          AND filter IS NOT DISTINCT FROM $5 AND id <> $4 LIMIT 1`,
      [e.tenantId, e.url, e.events, e.id, e.filter ?? null],
    ) as Promise<unknown[]>;
  }

  private async assertUnique(tx: EntityManager, entity: SubscriptionEntity): Promise<void> {
    if ((await this.duplicates(tx, entity)).length > 0) throw new DuplicateSubscriptionError();
  }

  /** Deletes (at `expectedVersion` when given); `inTx` sees the version the deletion stands for. */
  async delete(
    tenantId: string,
    id: string,
    expectedVersion: number | undefined,
    inTx: InTransaction,
  ): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const [rows] = (await tx.query(
        `DELETE FROM subscriptions WHERE tenant_id = $1 AND id = $2 AND ($3::int IS NULL OR version = $3)
          RETURNING version`,
        [tenantId, id, expectedVersion ?? null],
      )) as [{ version: number }[], number];
      if (!rows.length) return false;
      await inTx(tx, { id, tenantId, version: rows[0].version + 1 });
      return true;
    });
  }

  /**
   * Moves the status only if it is still `from` (two instances exhausting tasks of one subscription
   * at once change it once); returns the new version and time, or undefined when it had moved.
   * `inTx` runs in the same transaction once it moved (the changelog outbox stages its record there).
   */
  async transitionStatus(
    tenantId: string,
    id: string,
    change: { from: SubscriptionStatus; to: SubscriptionStatus; reason: string },
    inTx: (tx: EntityManager, version: number) => Promise<void>,
  ): Promise<{ version: number; changedAt: Date } | undefined> {
    return this.db.transaction(async (tx) => {
      const rows: { version: number; status_changed_at: Date }[] = await tx.query(
        `UPDATE subscriptions
            SET status = $4, status_reason = $5, status_changed_at = now(), version = version + 1, updated_at = now()
          WHERE tenant_id = $1 AND id = $2 AND status = $3
          RETURNING version, status_changed_at`,
        [tenantId, id, change.from, change.to, change.reason.slice(0, 1000)],
      );
      // TypeORM returns [rows, count] for UPDATE … RETURNING on postgres.
      const row = (Array.isArray(rows[0]) ? (rows[0] as unknown[])[0] : rows[0]) as
        { version: number; status_changed_at: Date } | undefined;
      if (!row) return undefined;
      await inTx(tx, row.version);
      return { version: row.version, changedAt: new Date(row.status_changed_at) };
    });
  }

  /** One page and one row more when more follow (limit + 1), with each row's exact sort key (microseconds) for cursors. */
  async list(tenantId: string, c: ListCriteria): Promise<{ entity: SubscriptionEntity; sortKey: string }[]> {
    const column = `s.${c.sortColumn}`;
    const direction = c.descending ? 'DESC' : 'ASC';
    const query = this.subscriptions
      .createQueryBuilder('s')
      .addSelect(`to_char(${column} AT TIME ZONE 'UTC', ${ISO_MICROS})`, 'sort_key')
      .where('s.tenant_id = :tenantId', { tenantId });
    if (c.status) query.andWhere('s.status = :status', { status: c.status });
    if (c.eventPatterns) query.andWhere('s.events && :patterns::text[]', { patterns: c.eventPatterns });
    if (c.after) {
      query.andWhere(`(${column}, s.id) ${c.descending ? '<' : '>'} (:afterValue::timestamptz, :afterId::uuid)`, {
        afterValue: c.after.value,
        afterId: c.after.id,
      });
    }
    query
      .orderBy(column, direction)
      .addOrderBy('s.id', direction)
      .limit(c.limit + 1);
    if (c.offset) query.offset(c.offset);
    const { entities, raw } = await query.getRawAndEntities<{ sort_key: string }>();
    return entities.map((entity, i) => ({ entity, sortKey: raw[i].sort_key }));
  }

  /**
   * Sealed values (signing secrets, secret headers, endpoint credentials) by the key that sealed them
   * ('' for secrets stored before encryption at rest), each key with one value to try it on.
   */
  async census(): Promise<KeyUse[]> {
    const rows: { key_id: string; values: number; sample: string }[] = await this.db.query(
      `SELECT ${KEY_ID} AS key_id, count(*)::int AS values,
              min(s.id::text || ' ' || v.kind || ' ' || coalesce(v.ref, '') || ' ' || coalesce(v.sealed, '')) AS sample
         FROM subscriptions s, LATERAL ${SEALED_VALUES} v GROUP BY 1`,
    );
    return rows.map((r) => {
      const [id, kind, ref, sealed] = r.sample.split(' ');
      return {
        keyId: r.key_id,
        values: r.values,
        sample: r.key_id ? sealedValueSample(id, kind as SealedRef, ref, sealed) : undefined,
      };
    });
  }

  async countStale(primaryKeyId: string): Promise<number> {
    const [row] = (await this.db.query(`SELECT count(*)::int AS n FROM subscriptions s WHERE ${HAS_STALE_SECRET}`, [
      primaryKeyId,
    ])) as { n: number }[];
    return row.n;
  }

  /**
   * Seals again, with the newest key, the secrets and credentials of up to `limit` subscriptions
   * after `cursor` (id order) that hold one sealed with another key. The rows stay locked until their update commits,
   * so a concurrent change waits rather than being overwritten. Neither the version nor the secrets
   * themselves change: nothing to announce, and every instance keeps signing as before.
   */
  async resealBatch(box: SecretBox, cursor: string | null, limit: number): Promise<ResealedBatch> {
    return this.db.transaction(async (tx) => {
      const rows: ({ id: string; secrets: SigningSecret[] } & StoredEndpoint)[] = await tx.query(
        `SELECT id, secrets, headers, auth FROM subscriptions s WHERE ($2::uuid IS NULL OR id > $2) AND ${HAS_STALE_SECRET}
          ORDER BY id LIMIT $3 FOR UPDATE`,
        [box.primaryKeyId, cursor, limit],
      );
      const resealed = rows.map((r) => ({
        id: r.id,
        secrets: r.secrets.map((e) => ({ ...e, sealed: box.reseal(e.sealed, binding(r.id, e.id)) })),
        ...resealEndpoint(box, r.id, r),
      }));
      if (resealed.length)
        await tx.query(
          `UPDATE subscriptions s SET secrets = v.secrets, headers = v.headers, auth = v.auth
             FROM jsonb_to_recordset($1::jsonb) AS v(id uuid, secrets jsonb, headers jsonb, auth jsonb)
            WHERE s.id = v.id`,
          [JSON.stringify(resealed)],
        );
      return { cursor: rows.length === limit ? rows[rows.length - 1].id : null, rows: rows.length };
    });
  }
}
