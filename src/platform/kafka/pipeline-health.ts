import { Injectable } from '@nestjs/common';
import { AppConfig } from '../config/app-config.js';
import { gauge } from '../telemetry/metrics.js';
import { classifyKafkaFailure, type KafkaFailure, type KafkaFailureContext } from './kafka-failure.js';

const MINUTE_MS = 60_000;
/** Kafka refusing this instance: an operator's fix, never a reason to restart it. */
const REFUSALS = new Set(['kafka_authentication_failed', 'kafka_authorization_failed', 'kafka_tls_failed']);

const producing = gauge(
  'hookline_producer_healthy',
  '1 while the pipeline can produce, 0 after a produce error with no success since',
);

/**
 * A health check's answer. When not ok, `code` is a stable reason code (docs/errors.md, "Readiness
 * reasons") and `topic` or `group` the Kafka resource at fault, when there is one: that is all a
 * /health body shows. `detail` is for the log only (internal messages, never served).
 */
export interface HealthVerdict {
  ok: boolean;
  code?: string;
  topic?: string;
  group?: string;
  detail?: string;
}

/** The reasons of the pipeline's own checks (Kafka's failure classes come from kafka-failure.ts). */
export const PipelineReason = {
  produceFailed: 'kafka_produce_failed',
  processingErrors: 'processing_errors',
} as const;

/**
 * What the health checks need to know of the pipeline beyond "the broker answers": Kafka refusing
 * this instance (credentials, ACLs, certificates), whether it can still produce (a topic whose last
 * produce failed) and for how long it has not, and how fast it parks records as processing_error.
 * Readiness fails on any; liveness fails only once producing has been impossible for
 * LIVENESS_PRODUCE_FAILURE_MS, so an orchestrator restarts a wedged instance but not one riding out
 * a short broker restart, and never one waiting for an operator to fix an ACL.
 */
@Injectable()
export class PipelineHealth {
  /** Topics whose last produce failed, with when the failures began. */
  private readonly failing = new Map<string, number>();
  private lastProduceFailure?: KafkaFailure;
  /** Kafka refusing a part of this instance (the start, a consumer), by part. */
  private readonly refusals = new Map<string, KafkaFailure>();
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
    this.lastProduceFailure = classifyKafkaFailure(error, { topics });
    producing.set(0);
  }

  /** A part of this instance (`source`) cannot use Kafka; readiness names the class until kafkaRecovered. */
  kafkaFailed(source: string, error: unknown, where: KafkaFailureContext = {}): KafkaFailure {
    const failure = classifyKafkaFailure(error, where);
    this.refusals.set(source, failure);
    return failure;
  }

  kafkaRecovered(source: string): void {
    this.refusals.delete(source);
  }

  /** When the oldest still-failing topic began to fail. */
  private get failingSince(): number | undefined {
    return this.failing.size === 0 ? undefined : Math.min(...this.failing.values());
  }

  parkedProcessingError(now = Date.now()): void {
    this.processingErrors.push(now);
    if (this.processingErrors.length > 10_000) this.processingErrors.shift();
  }

  /**
   * A further condition of readiness, owned by another part (consumers joined, a table caught up, the
   * schema registry answering): a failing verdict must carry its reason `code`.
   */
  addGate(name: string, verdict: () => HealthVerdict): void {
    this.gates.set(name, verdict);
  }

  readiness(now = Date.now()): HealthVerdict {
    const [refusal] = this.refusals.values();
    if (refusal) return verdictOf(refusal);
    for (const [name, gate] of this.gates) {
      const verdict = gate();
      if (!verdict.ok)
        return { ...verdict, code: verdict.code ?? 'not_ready', detail: `${name}: ${verdict.detail ?? ''}` };
    }
    const since = this.failingSince;
    if (since !== undefined) return this.produceVerdict(since);
    this.processingErrors = this.processingErrors.filter((t) => t > now - MINUTE_MS);
    const limit = this.config.health.readyMaxProcessingErrorsPerMinute;
    if (this.processingErrors.length > limit)
      return {
        ok: false,
        code: PipelineReason.processingErrors,
        detail: `${this.processingErrors.length} records parked as processing_error in the last minute`,
      };
    return { ok: true };
  }

  liveness(now = Date.now()): HealthVerdict {
    const since = this.failingSince;
    if (since !== undefined && now - since > this.config.health.livenessProduceFailureMs) {
      const verdict = this.produceVerdict(since);
      // Waiting for an operator (credentials, an ACL, a certificate): a restart would not help.
      if (verdict.code === PipelineReason.produceFailed) return verdict;
    }
    return { ok: true };
  }

  /** Cannot produce: the class when Kafka refuses this instance, else kafka_produce_failed with the topics. */
  private produceVerdict(since: number): HealthVerdict {
    const failure = this.lastProduceFailure;
    const detail = `cannot produce since ${new Date(since).toISOString()}: ${failure?.detail ?? ''}`;
    if (failure && REFUSALS.has(failure.code)) return { ...verdictOf(failure), detail };
    return { ok: false, code: PipelineReason.produceFailed, topic: [...this.failing.keys()].join(','), detail };
  }
}

function verdictOf(failure: KafkaFailure): HealthVerdict {
  return { ok: false, code: failure.code, topic: failure.topic, group: failure.group, detail: failure.detail };
}
