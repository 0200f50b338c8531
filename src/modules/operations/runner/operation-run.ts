import type { EntityManager } from 'typeorm';
import type { OperationEntity } from '../operation.entity.js';
import type { Lease, OperationLeasesRepository } from './operation-leases.repository.js';

export type InterruptReason = 'cancelled' | 'lease_lost' | 'shutdown';

/** Thrown by a checkpoint when the work must stop there; the runner settles the operation. */
export class OperationInterrupted extends Error {
  constructor(readonly reason: InterruptReason) {
    super(`operation interrupted: ${reason}`);
  }
}

/** A failure the tenant can read and act on (stored as the operation's error). */
export class OperationFailure extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * One claimed run of an operation as its handler sees it: the parameters, the checkpoint to resume
 * from, and checkpoint() to record progress. Each checkpoint is also where cancellation, a lost
 * lease and shutdown take effect, so a handler stops within one batch of work.
 */
export class OperationRun {
  readonly lease: Lease;
  private renewal?: NodeJS.Timeout;
  private leaseLost = false;
  private stopping = false;
  private readonly startedAt = Date.now();
  private readonly startProgress: number;

  constructor(
    readonly operation: OperationEntity,
    owner: string,
    private readonly leases: OperationLeasesRepository,
    private readonly leaseMs: number,
  ) {
    this.lease = { tenantId: operation.tenantId, id: operation.id, owner };
    this.startProgress = operation.progress;
  }

  get parameters(): Record<string, unknown> {
    return this.operation.parameters;
  }

  /** Where the previous holder stopped, or null on a first run (each handler knows its shape). */
  get resumeFrom(): object | null {
    return this.operation.checkpoint;
  }

  /** Renews the lease in the background at a third of its length, so a slow batch never loses it. */
  startRenewal(onError: (error: unknown) => void): void {
    this.renewal = setInterval(
      () => {
        this.leases.renew(this.lease, this.leaseMs).then((status) => {
          if (status === null) this.leaseLost = true;
        }, onError);
      },
      Math.max(100, Math.floor(this.leaseMs / 3)),
    );
    this.renewal.unref();
  }

  stopRenewal(): void {
    clearInterval(this.renewal);
  }

  /** Asks the handler to stop at its next checkpoint (the service is shutting down). */
  requestStop(): void {
    this.stopping = true;
  }

  /**
   * Records the state to resume from and the fraction done (0..1), then decides whether to go on.
   * Throws OperationInterrupted to stop. With `tx`, the checkpoint commits with the caller's work.
   */
  async checkpoint(checkpoint: object, fraction: number, tx?: EntityManager): Promise<void> {
    if (this.leaseLost) throw new OperationInterrupted('lease_lost');
    const progress = Math.max(this.operation.progress, Math.min(99, Math.floor(fraction * 100)));
    const status = await this.leases.checkpoint(
      this.lease,
      this.leaseMs,
      { checkpoint, progress, estimatedCompletion: this.estimate(fraction) },
      tx,
    );
    if (status === null) {
      this.leaseLost = true;
      throw new OperationInterrupted('lease_lost');
    }
    this.operation.progress = progress;
    this.operation.checkpoint = checkpoint as Record<string, unknown>;
    if (status === 'CANCELLING') throw new OperationInterrupted('cancelled');
    if (this.stopping) throw new OperationInterrupted('shutdown');
  }

  /** Linear in the progress made by this run (earlier runs' speed says little about this one). */
  private estimate(fraction: number): Date | null {
    const done = fraction - this.startProgress / 100;
    if (done <= 0 || fraction >= 1) return null;
    const elapsed = Date.now() - this.startedAt;
    return new Date(Date.now() + (elapsed * (1 - fraction)) / done);
  }
}
