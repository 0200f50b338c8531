import type { OperationEntity } from './operation.entity.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The spec's Operation object, plus kind, parameters, timestamps and the run's summary. */
export function toOperationView(op: OperationEntity) {
  return {
    id: op.id,
    kind: op.kind,
    status: op.status,
    progress: op.progress,
    estimated_completion: iso(op.estimatedCompletion),
    created_at: op.createdAt.toISOString(),
    started_at: iso(op.startedAt),
    finished_at: iso(op.finishedAt),
    result_url: op.status === 'COMPLETED' ? op.resultUrl : null,
    parameters: op.parameters,
    ...(op.result ? { result: op.result } : {}),
    ...(op.status === 'FAILED' && op.error ? { error: op.error } : {}),
  };
}
export type OperationView = ReturnType<typeof toOperationView>;

export const operationLocation = (id: string) => `/v1/operations/${id}`;

/** The answer to starting (or restarting) an operation: 202, Location of the status resource, id and status. */
export function accepted(res: { setHeader(name: string, value: string): unknown }, op: OperationEntity) {
  res.setHeader('Location', operationLocation(op.id));
  return { id: op.id, status: op.status };
}
