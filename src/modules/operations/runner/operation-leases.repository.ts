import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { OperationEntity, OperationError, OperationStatus } from '../operation.entity.js';
import { returnedRows, toOperation } from '../operation-row.js';

/** Who holds an operation: the statements below only touch it while (tenant, id, owner) match. */
export interface Lease {
  tenantId: string;
  id: string;
  owner: string;
}

/**
 * The runner's side of operations. Claim is the one method without a tenant: it is how a runner
 * finds work across tenants. Every other statement is conditional on the lease still being held,
 * so a runner that lost its lease (paused past expiry) can never overwrite its successor's work.
 */
@Injectable()
export class OperationLeasesRepository {
  constructor(private readonly db: DataSource) {}

  /**
   * The next operation of the namespace that needs a holder: PENDING, or started but abandoned
   * (lease expired or released). Tenants take turns: the one with the fewest operations running
   * goes first, then the oldest, so a tenant's queue of long recoveries delays another tenant's
   * operation by one run at most rather than by the whole queue. SKIP LOCKED lets concurrent
   * runners claim different operations without waiting on each other.
   */
  async claim(namespace: string, owner: string, leaseMs: number): Promise<OperationEntity | null> {
    const result = await this.db.query(
      `UPDATE operations o
          SET status = CASE WHEN o.status = 'PENDING' THEN 'IN_PROGRESS' ELSE o.status END,
              started_at = coalesce(o.started_at, now()),
              lease_owner = $1, lease_expires_at = now() + make_interval(secs => $2 / 1000.0),
              runs = o.runs + 1
        WHERE o.id = (
          SELECT c.id FROM operations c
           WHERE c.namespace = $3 AND c.status IN ('PENDING', 'IN_PROGRESS', 'CANCELLING')
             AND (c.status = 'PENDING' OR c.lease_expires_at IS NULL OR c.lease_expires_at < now())
           ORDER BY (SELECT count(*) FROM operations r
                      WHERE r.namespace = $3 AND r.tenant_id = c.tenant_id AND r.status IN ('IN_PROGRESS', 'CANCELLING')
                        AND r.lease_expires_at >= now()),
                    c.created_at
           LIMIT 1
           FOR UPDATE SKIP LOCKED)
        RETURNING o.*`,
      [owner, leaseMs, namespace],
    );
    const rows = returnedRows(result);
    return rows.length ? toOperation(rows[0]) : null;
  }

  /** Extends the lease; the current status, or null when the lease is no longer ours. */
  async renew(lease: Lease, leaseMs: number): Promise<OperationStatus | null> {
    return this.statusOf(
      await this.db.query(
        `UPDATE operations SET lease_expires_at = now() + make_interval(secs => $4 / 1000.0)
          WHERE tenant_id = $1 AND id = $2 AND lease_owner = $3 RETURNING status`,
        [lease.tenantId, lease.id, lease.owner, leaseMs],
      ),
    );
  }

  /**
   * Records how far the work got (progress never goes down) and extends the lease, inside the
   * caller's transaction when it has one, so the work and its checkpoint commit together.
   */
  async checkpoint(
    lease: Lease,
    leaseMs: number,
    state: { checkpoint: object; progress: number; estimatedCompletion: Date | null },
    tx: EntityManager = this.db.manager,
  ): Promise<OperationStatus | null> {
    return this.statusOf(
      await tx.query(
        `UPDATE operations
            SET checkpoint = $4, progress = greatest(progress, $5), estimated_completion = $6,
                lease_expires_at = now() + make_interval(secs => $7 / 1000.0)
          WHERE tenant_id = $1 AND id = $2 AND lease_owner = $3 RETURNING status`,
        [
          lease.tenantId,
          lease.id,
          lease.owner,
          JSON.stringify(state.checkpoint),
          state.progress,
          state.estimatedCompletion?.toISOString() ?? null,
          leaseMs,
        ],
      ),
    );
  }

  /** The work is done: COMPLETED at 100 %, or CANCELLED when a cancellation arrived meanwhile. */
  async complete(lease: Lease, result: object, resultUrl: string): Promise<OperationStatus | null> {
    return this.statusOf(
      await this.db.query(
        `UPDATE operations
            SET status = CASE WHEN status = 'CANCELLING' THEN 'CANCELLED' ELSE 'COMPLETED' END,
                progress = CASE WHEN status = 'CANCELLING' THEN progress ELSE 100 END,
                result_url = CASE WHEN status = 'CANCELLING' THEN NULL ELSE $4 END,
                result = $5, finished_at = now(), estimated_completion = NULL,
                lease_owner = NULL, lease_expires_at = NULL
          WHERE tenant_id = $1 AND id = $2 AND lease_owner = $3 RETURNING status`,
        [lease.tenantId, lease.id, lease.owner, resultUrl, JSON.stringify(result)],
      ),
    );
  }

  async cancelled(lease: Lease): Promise<OperationStatus | null> {
    return this.finish(lease, 'CANCELLED', null);
  }

  async fail(lease: Lease, error: OperationError): Promise<OperationStatus | null> {
    return this.finish(lease, 'FAILED', error);
  }

  /** Gives the operation back unfinished (shutdown, transient failure): claimable again after delayMs. */
  async release(lease: Lease, delayMs = 0): Promise<void> {
    await this.db.query(
      `UPDATE operations SET lease_owner = NULL,
              lease_expires_at = CASE WHEN $4 > 0 THEN now() + make_interval(secs => $4 / 1000.0) END
        WHERE tenant_id = $1 AND id = $2 AND lease_owner = $3`,
      [lease.tenantId, lease.id, lease.owner, delayMs],
    );
  }

  /** Retention across tenants (maintenance, like partition drops): report rows go with their operation. */
  async purgeFinished(retentionDays: number): Promise<number> {
    const result: [unknown[], number] = await this.db.query(
      `DELETE FROM operations WHERE finished_at < now() - make_interval(days => $1)`,
      [retentionDays],
    );
    return result[1] ?? 0;
  }

  private async finish(
    lease: Lease,
    status: OperationStatus,
    error: OperationError | null,
  ): Promise<OperationStatus | null> {
    return this.statusOf(
      await this.db.query(
        `UPDATE operations
            SET status = $4, error = $5, finished_at = now(), estimated_completion = NULL,
                lease_owner = NULL, lease_expires_at = NULL
          WHERE tenant_id = $1 AND id = $2 AND lease_owner = $3 RETURNING status`,
        [lease.tenantId, lease.id, lease.owner, status, error ? JSON.stringify(error) : null],
      ),
    );
  }

  private statusOf(result: unknown): OperationStatus | null {
    const rows = returnedRows(result);
    return rows.length ? (rows[0].status as OperationStatus) : null;
  }
}
