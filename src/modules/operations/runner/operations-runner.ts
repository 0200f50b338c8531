import {
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
  type OnModuleInit,
} from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { AppConfig } from '../../../platform/config/app-config.js';
import { ShutdownDeadline } from '../../../platform/lifecycle/shutdown-deadline.js';
import { isTransient } from '../../../platform/errors/transient.js';
import { counter } from '../../../platform/telemetry/metrics.js';
import { OPERATION_KINDS, type OperationEntity, type OperationKind } from '../operation.entity.js';
import { OperationHandlers, type OperationHandler } from './operation-handler.js';
import { OperationLeasesRepository } from './operation-leases.repository.js';
import { OperationFailure, OperationInterrupted, OperationRun } from './operation-run.js';

const finished = counter('hookline_operations_finished_total', 'Operation runs that ended, by outcome', [
  'kind',
  'outcome',
]);

/** A transiently failing run is given back this long, and fails for good after this many runs. */
const TRANSIENT_BACKOFF_MS = 5_000;
const MAX_TRANSIENT_RUNS = 10;
const PURGE_EVERY_MS = 3_600_000;

/**
 * The operations role: claims PENDING or abandoned operations (up to OPERATIONS_CONCURRENCY at
 * once, polling every OPERATIONS_POLL_MS), runs each under a renewed lease and settles it:
 * COMPLETED, FAILED, CANCELLED, or given back unfinished on shutdown so another instance resumes.
 */
@Injectable()
export class OperationsRunner implements OnModuleInit, OnApplicationBootstrap, OnModuleDestroy {
  /** Unique per process and start, so a restarted instance never mistakes an old lease for its own. */
  readonly owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly log = new Logger('Operations');
  private handlers = new Map<OperationKind, OperationHandler>();
  private readonly active = new Map<string, { run: OperationRun; done: Promise<void> }>();
  private timer?: NodeJS.Timeout;
  private purgeTimer?: NodeJS.Timeout;
  private polling = false;
  private stopping = false;

  constructor(
    private readonly leases: OperationLeasesRepository,
    private readonly config: AppConfig,
    private readonly registry: OperationHandlers,
    private readonly deadline: ShutdownDeadline,
  ) {}

  /** Every module's handlers are registered once all providers exist; a kind with none or two fails the boot. */
  onModuleInit(): void {
    this.handlers = this.registry.byKind(OPERATION_KINDS);
  }

  onApplicationBootstrap(): void {
    this.schedule(0);
    this.purgeTimer = setInterval(() => void this.purge(), PURGE_EVERY_MS).unref();
  }

  /** Stops claiming, asks every run to stop at its next checkpoint, and waits for them within the stop's deadline. */
  async onModuleDestroy(): Promise<void> {
    this.stopping = true;
    clearTimeout(this.timer);
    clearInterval(this.purgeTimer);
    for (const { run } of this.active.values()) run.requestStop();
    await this.deadline.within(Promise.all([...this.active.values()].map((a) => a.done)));
  }

  private schedule(delayMs: number): void {
    if (this.stopping) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.poll(), delayMs);
  }

  private async poll(): Promise<void> {
    if (this.polling || this.stopping) return;
    this.polling = true;
    try {
      while (!this.stopping && this.active.size < this.config.operations.concurrency) {
        const namespace = this.config.kafka.topicPrefix;
        const operation = await this.leases.claim(namespace, this.owner, this.config.operations.leaseMs);
        if (!operation) break;
        this.start(operation);
      }
    } catch (error) {
      this.log.warn(`claiming operations failed: ${String(error)}`);
    } finally {
      this.polling = false;
      this.schedule(this.config.operations.pollMs);
    }
  }

  private start(operation: OperationEntity): void {
    const run = new OperationRun(operation, this.owner, this.leases, this.config.operations.leaseMs);
    const done = this.execute(run).finally(() => {
      this.active.delete(operation.id);
      this.schedule(0); // a slot is free: look for more work now
    });
    this.active.set(operation.id, { run, done });
  }

  private async execute(run: OperationRun): Promise<void> {
    const { kind, id, status } = run.operation;
    const handler = this.handlers.get(kind)!;
    run.startRenewal((e) => this.log.warn(`lease renewal of ${id} failed: ${String(e)}`));
    try {
      // Cancelled while its previous holder was gone: nothing more to do.
      if (status === 'CANCELLING') throw new OperationInterrupted('cancelled');
      this.log.log(`${kind} ${id}: run ${run.operation.runs} from ${run.resumeFrom ? 'checkpoint' : 'start'}`);
      const outcome = await handler.run(run);
      const settled = await this.leases.complete(run.lease, outcome.result, outcome.resultUrl);
      finished.inc({ kind, outcome: settled === null ? 'lease_lost' : settled.toLowerCase() });
    } catch (error) {
      await this.settle(run, error);
    } finally {
      run.stopRenewal();
    }
  }

  private async settle(run: OperationRun, error: unknown): Promise<void> {
    const { kind, id, runs } = run.operation;
    const outcome = (name: string) => finished.inc({ kind, outcome: name });
    try {
      if (error instanceof OperationInterrupted) {
        outcome(error.reason);
        if (error.reason === 'cancelled') await this.leases.cancelled(run.lease);
        if (error.reason === 'shutdown') await this.leases.release(run.lease);
        return;
      }
      if (error instanceof OperationFailure) {
        outcome('failed');
        await this.leases.fail(run.lease, { code: error.code, message: error.message });
        return;
      }
      if (this.stopping || (isTransient(error) && runs < MAX_TRANSIENT_RUNS)) {
        this.log.warn(`${kind} ${id}: interrupted (${String(error)}); given back to resume from its checkpoint`);
        outcome('released');
        await this.leases.release(run.lease, this.stopping ? 0 : TRANSIENT_BACKOFF_MS);
        return;
      }
      this.log.error(`${kind} ${id} failed: ${error instanceof Error ? (error.stack ?? error.message) : error}`);
      outcome('failed');
      // The tenant sees a stable code, never our internals; the log has the rest.
      await this.leases.fail(run.lease, {
        code: 'INTERNAL',
        message: 'The operation failed unexpectedly; retry it, it resumes from its last checkpoint.',
      });
    } catch (settleError) {
      // The lease expires by itself and another run resumes from the checkpoint.
      this.log.warn(`${kind} ${id}: could not record the end of the run: ${String(settleError)}`);
    }
  }

  private async purge(): Promise<void> {
    try {
      const purged = await this.leases.purgeFinished(this.config.operations.retentionDays);
      if (purged) this.log.log(`purged ${purged} finished operation(s) past retention`);
    } catch (error) {
      this.log.warn(`purging finished operations failed: ${String(error)}`);
    }
  }
}
