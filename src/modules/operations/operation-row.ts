import { OperationEntity } from './operation.entity.js';

/** A raw `operations` row (RETURNING * of the leasing statements) as the entity. */
export function toOperation(row: Record<string, unknown>): OperationEntity {
  const date = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string));
  return Object.assign(new OperationEntity(), {
    id: row.id,
    tenantId: row.tenant_id,
    namespace: row.namespace,
    kind: row.kind,
    parameters: row.parameters,
    status: row.status,
    progress: Number(row.progress),
    estimatedCompletion: date(row.estimated_completion),
    createdAt: date(row.created_at)!,
    startedAt: date(row.started_at),
    finishedAt: date(row.finished_at),
    resultUrl: row.result_url ?? null,
    result: row.result ?? null,
    error: row.error ?? null,
    checkpoint: row.checkpoint ?? null,
    leaseOwner: row.lease_owner ?? null,
    leaseExpiresAt: date(row.lease_expires_at),
    cancelRequested: Boolean(row.cancel_requested),
    runs: Number(row.runs ?? 0),
  } as OperationEntity);
}

/** UPDATE … RETURNING through TypeORM's query() answers [rows, affected]; SELECT answers rows. */
export function returnedRows(result: unknown): Record<string, unknown>[] {
  if (Array.isArray(result) && result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number')
    return result[0] as Record<string, unknown>[];
  return result as Record<string, unknown>[];
}
