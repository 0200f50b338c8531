import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, Repository } from 'typeorm';
import { v7 as uuidv7 } from 'uuid';
import { AppConfig } from '../../platform/config/app-config.js';
import { OperationEntity, type OperationKind, type OperationStatus } from './operation.entity.js';
import { returnedRows, toOperation } from './operation-row.js';

export interface OperationListCriteria {
  status?: OperationStatus;
  kind?: OperationKind;
  /** Keyset position: strictly older than this (created_at, id). */
  before?: { value: string; id: string };
  limit: number;
}

const ISO_MICROS = `'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'`;

/** The tenant's side of operations: create, read, list, cancel, retry. Every method names the tenant. */
@Injectable()
export class OperationsRepository {
  constructor(
    @InjectRepository(OperationEntity) private readonly operations: Repository<OperationEntity>,
    private readonly db: DataSource,
    private readonly config: AppConfig,
  ) {}

  /** Stamped with this deployment's namespace: the runners that produce to its topics run it. */
  async create(tenantId: string, kind: OperationKind, parameters: Record<string, unknown>): Promise<OperationEntity> {
    const rows = await this.db.query(
      `INSERT INTO operations (id, tenant_id, namespace, kind, parameters) VALUES ($1, $2, $3, $4, $5) RETURNING *`,
      [uuidv7(), tenantId, this.config.kafka.topicPrefix, kind, JSON.stringify(parameters)],
    );
    return toOperation(returnedRows(rows)[0]);
  }

  findOne(tenantId: string, id: string): Promise<OperationEntity | null> {
    return this.operations.findOneBy({ tenantId, id });
  }

  /** One page newest first (limit + 1 rows tell whether more follow), with each row's exact sort key. */
  async list(tenantId: string, c: OperationListCriteria): Promise<{ entity: OperationEntity; sortKey: string }[]> {
    const where = ['tenant_id = $1'];
    const params: unknown[] = [tenantId];
    if (c.status) where.push(`status = $${params.push(c.status)}`);
    if (c.kind) where.push(`kind = $${params.push(c.kind)}`);
    if (c.before) {
      params.push(c.before.value, c.before.id);
      where.push(`(created_at, id) < ($${params.length - 1}::timestamptz, $${params.length}::uuid)`);
    }
    const rows: Record<string, unknown>[] = await this.db.query(
      `SELECT *, to_char(created_at AT TIME ZONE 'UTC', ${ISO_MICROS}) AS sort_key FROM operations
        WHERE ${where.join(' AND ')} ORDER BY created_at DESC, id DESC LIMIT $${params.push(c.limit + 1)}`,
      params,
    );
    return rows.map((row) => ({ entity: toOperation(row), sortKey: row.sort_key as string }));
  }

  /**
   * PENDING → CANCELLED at once; IN_PROGRESS → CANCELLING (its runner finishes the move at its next
   * checkpoint); CANCELLING stays. One statement, so it cannot interleave with a runner's claim.
   * Null when the operation is unknown or finished.
   */
  async requestCancel(tenantId: string, id: string): Promise<OperationEntity | null> {
    const result = await this.db.query(
      `UPDATE operations
          SET status = CASE status WHEN 'PENDING' THEN 'CANCELLED' ELSE 'CANCELLING' END,
              finished_at = CASE status WHEN 'PENDING' THEN now() ELSE finished_at END,
              estimated_completion = CASE status WHEN 'PENDING' THEN NULL ELSE estimated_completion END,
              cancel_requested = true
        WHERE tenant_id = $1 AND id = $2 AND status IN ('PENDING', 'IN_PROGRESS', 'CANCELLING')
        RETURNING *`,
      [tenantId, id],
    );
    const rows = returnedRows(result);
    return rows.length ? toOperation(rows[0]) : null;
  }

  /** FAILED → PENDING, keeping progress and checkpoint so the next run resumes. Null unless FAILED. */
  async retry(tenantId: string, id: string): Promise<OperationEntity | null> {
    const result = await this.db.query(
      `UPDATE operations
          SET status = 'PENDING', error = NULL, finished_at = NULL, estimated_completion = NULL,
              lease_owner = NULL, lease_expires_at = NULL, cancel_requested = false, runs = 0
        WHERE tenant_id = $1 AND id = $2 AND status = 'FAILED'
        RETURNING *`,
      [tenantId, id],
    );
    const rows = returnedRows(result);
    return rows.length ? toOperation(rows[0]) : null;
  }
}
