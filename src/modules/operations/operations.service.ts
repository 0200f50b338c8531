import { Injectable } from '@nestjs/common';
import { AppError } from '../../platform/errors/app-error.js';
import { decodeCursor, encodeCursor, mapPage, pageOf, timeAndId, type Page } from '../../platform/http/pagination.js';
import { FINISHED_STATUSES, type OperationEntity, type OperationKind } from './operation.entity.js';
import { OperationsRepository } from './operations.repository.js';
import type { OperationListQuery } from './operations.dto.js';

const LIST_SORT = '-created_at';

export const operationNotFound = () => AppError.notFound('The operation');

/**
 * Operations as the tenant sees them: started by the report, recovery and redrive endpoints, then
 * read, listed, cancelled and retried here. The work itself is the runner's (role operations).
 */
@Injectable()
export class OperationsService {
  constructor(private readonly repository: OperationsRepository) {}

  start(tenantId: string, kind: OperationKind, parameters: Record<string, unknown>): Promise<OperationEntity> {
    return this.repository.create(tenantId, kind, parameters);
  }

  async get(tenantId: string, id: string): Promise<OperationEntity> {
    const operation = await this.repository.findOne(tenantId, id);
    if (!operation) throw operationNotFound();
    return operation;
  }

  async list(tenantId: string, query: OperationListQuery): Promise<Page<OperationEntity>> {
    const limit = query.limit ?? 20;
    const position = query.after ? decodeCursor<[string, string]>(query.after, LIST_SORT, timeAndId) : undefined;
    const before = position && { value: position[0], id: position[1] };
    const rows = await this.repository.list(tenantId, { status: query.status, kind: query.kind, before, limit });
    const page = pageOf(rows, limit, (last) => encodeCursor(LIST_SORT, [last.sortKey, last.entity.id]));
    return mapPage(page, (row) => row.entity);
  }

  /** PENDING → CANCELLED, IN_PROGRESS → CANCELLING (→ CANCELLED at the next checkpoint); finished → 409. */
  async cancel(tenantId: string, id: string): Promise<OperationEntity> {
    const cancelled = await this.repository.requestCancel(tenantId, id);
    if (cancelled) return cancelled;
    const current = await this.get(tenantId, id);
    throw new AppError(
      'CONFLICT',
      `The operation is already ${current.status}; only a PENDING or IN_PROGRESS operation can be cancelled.`,
    );
  }

  /** FAILED → PENDING: the next run resumes from the last checkpoint. Any other state → 409. */
  async retry(tenantId: string, id: string): Promise<OperationEntity> {
    const retried = await this.repository.retry(tenantId, id);
    if (retried) return retried;
    const current = await this.get(tenantId, id);
    throw new AppError('CONFLICT', `Only a FAILED operation can be retried; this one is ${current.status}.`);
  }

  /** The summary of a completed operation (what result_url names for recoveries and redrives). */
  async result(tenantId: string, id: string): Promise<OperationEntity> {
    const operation = await this.get(tenantId, id);
    if (operation.status !== 'COMPLETED') {
      const why = FINISHED_STATUSES.includes(operation.status) ? 'it did not complete' : 'it has not completed yet';
      throw new AppError('CONFLICT', `The operation has no result: ${why} (status ${operation.status}).`);
    }
    return operation;
  }
}
