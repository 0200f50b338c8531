import { Injectable } from '@nestjs/common';
import { AppConfig } from '../config/app-config.js';
import { gauge } from '../telemetry/metrics.js';

const MINUTE_MS = 60_000;

const producing = gauge(
  'hookline_producer_healthy',
  '1 while the pipeline can produce, 0 after a produce error with no success since',
);

export interface HealthVerdict {
  ok: boolean;
  reason?: string;
}

/**
 * What the health checks need to know of the pipeline beyond "the broker answers": whether this
 * instance can still produce (a topic whose last produce failed), for how long it has not,
 * and how fast it parks records as processing_error. Readiness fails on either; liveness fails only
 * once producing has been impossible for LIVENESS_PRODUCE_FAILURE_MS, so an orchestrator restarts
 * a wedged instance but not one riding out a short broker restart.
 */
@Injectable()
export class PipelineHealth {
  /** Topics whose last produce failed, with when the failures began. */
  private readonly failing = new Map<string, number>();
  private lastError = '';
  private processingErrors: number[] = [];
  private readonly gates = new Map<string, () => HealthVerdict>();

  constructor(private readonly config: AppConfig) {
    producing.set(1);
  }

  produced(topics: string[]): void {
    topics.forEach((t) => this.failing.delete(t));
    producing.set(this.failing.size === 0 ? 1 : 0);
  }

  produceFailed(topics: string[], error: unknown, now = Date.now()): void {
    for (const topic of topics) if (!this.failing.has(topic)) this.failing.set(topic, now);
    this.lastError = `${topics.join(', ')}: ${(error as Error)?.message ?? String(error)}`;
    producing.set(0);
  }

  /** When the oldest still-failing topic began to fail. */
  private get failingSince(): number | undefined {
    return this.failing.size === 0 ? undefined : Math.min(...this.failing.values());
  }

  parkedProcessingError(now = Date.now()): void {
    this.processingErrors.push(now);
    if (this.processingErrors.length > 10_000) this.processingErrors.shift();
  }

  /** A further condition of readiness, owned by another part (consumers joined, a table caught up). */
  addGate(name: string, verdict: () => HealthVerdict): void {
    this.gates.set(name, verdict);
  }

  readiness(now = Date.now()): HealthVerdict {
    for (const [name, gate] of this.gates) {
      const verdict = gate();
      if (!verdict.ok) return { ok: false, reason: `${name}: ${verdict.reason}` };
    }
    if (this.failingSince !== undefined)
      return {
        ok: false,
        reason: `cannot produce since ${new Date(this.failingSince).toISOString()}: ${this.lastError}`,
      };
    this.processingErrors = this.processingErrors.filter((t) => t > now - MINUTE_MS);
    const limit = this.config.env.READY_MAX_PROCESSING_ERRORS_PER_MINUTE;
    if (this.processingErrors.length > limit)
      return {
        ok: false,
        reason: `${this.processingErrors.length} records parked as processing_error in the last minute`,
      };
    return { ok: true };
  }

  liveness(now = Date.now()): HealthVerdict {
    const since = this.failingSince;
    if (since !== undefined && now - since > this.config.env.LIVENESS_PRODUCE_FAILURE_MS)
      return { ok: false, reason: `cannot produce for ${Math.round((now - since) / 1000)} s: ${this.lastError}` };
    return { ok: true };
  }
}
