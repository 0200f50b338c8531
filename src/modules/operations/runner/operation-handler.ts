import type { OperationKind } from '../operation.entity.js';
import type { OperationRun } from './operation-run.js';

/** What a finished run leaves: a small summary (shown on the operation) and where the result lives. */
export interface OperationOutcome {
  result: Record<string, unknown>;
  resultUrl: string;
}

/**
 * The work of one operation kind (one small class per kind). run() resumes from run.resumeFrom
 * when set, calls run.checkpoint() after every batch, and throws OperationFailure for failures the
 * tenant can act on.
 */
export interface OperationHandler {
  readonly kind: OperationKind;
  run(run: OperationRun): Promise<OperationOutcome>;
}

/** Injection token of the list of handlers the runner module provides. */
export const OPERATION_HANDLERS = Symbol('OPERATION_HANDLERS');

/** The handler of each kind; the boot fails when a kind has none or two (Immich's job registry rule). */
export function handlerRegistry(
  handlers: readonly OperationHandler[],
  kinds: readonly OperationKind[],
): Map<OperationKind, OperationHandler> {
  const registry = new Map<OperationKind, OperationHandler>();
  for (const handler of handlers) {
    if (registry.has(handler.kind)) throw new Error(`two handlers for operation kind "${handler.kind}"`);
    registry.set(handler.kind, handler);
  }
  const missing = kinds.filter((kind) => !registry.has(kind));
  if (missing.length) throw new Error(`no handler for operation kind(s): ${missing.join(', ')}`);
  return registry;
}
