import { Injectable, Module, type Provider, type Type } from '@nestjs/common';
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

/**
 * The registry of operation handlers. The module that owns a kind registers its handler
 * (operationHandler(ReportHandler) among its providers), so operations knows no feature that runs
 * on it; the runner takes the handlers once every provider exists (onModuleInit).
 */
@Injectable()
export class OperationHandlers {
  private readonly handlers: OperationHandler[] = [];

  register(handler: OperationHandler): void {
    this.handlers.push(handler);
  }

  /** The handler of each kind; throws when a kind has none or two. */
  byKind(kinds: readonly OperationKind[]): Map<OperationKind, OperationHandler> {
    return handlerRegistry(this.handlers, kinds);
  }
}

/** The one registry of a process, for the modules that register handlers and the runner's. */
@Module({ providers: [OperationHandlers], exports: [OperationHandlers] })
export class OperationHandlersModule {}

/**
 * Providers of a module that owns an operation kind (its module imports OperationHandlersModule):
 * the handler itself, and its registration in OperationHandlers.
 */
export function operationHandler(handler: Type<OperationHandler>): Provider[] {
  return [
    handler,
    {
      provide: Symbol(`register ${handler.name}`),
      inject: [OperationHandlers, handler],
      useFactory: (registry: OperationHandlers, instance: OperationHandler) => {
        registry.register(instance);
        return instance;
      },
    },
  ];
}

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
