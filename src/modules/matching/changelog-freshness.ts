import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import type { Admin } from 'kafkajs';
import { classifyKafkaFailure, needsOperator } from '../../platform/kafka/kafka-failure.js';
import { KafkaService } from '../../platform/kafka/kafka.service.js';
import { FailureLog } from '../../platform/logging/failure-log.js';
import { PipelineHealth } from '../../platform/kafka/pipeline-health.js';
import { gauge } from '../../platform/telemetry/metrics.js';
import { TopicNames } from '../../topology.js';

const BACKGROUND_PROBE_MS = 5_000;

/**
 * How fresh this instance's subscription table is: "caught up as of T" means every change written
 * to the changelog before T has been applied. A probe notes the time, reads the changelog's end
 * offsets, and waits until the changelog consumer has applied everything below them; the table is
 * then fresh as of the probe's start. Probes run on demand (coalesced: one at a time serves every
 * waiter whose time it covers) and every few seconds in the background, for the staleness metric.
 */
@Injectable()
export class ChangelogFreshness implements OnModuleDestroy {
  private freshAsOf = 0;
  /** Per changelog partition, the offset after the last applied record. */
  private readonly positions = new Map<number, number>();
  private progressWaiters: (() => void)[] = [];
  private readonly appliedListeners: (() => void)[] = [];
  private probe?: Promise<void>;
  private probeStartedAt = 0;
  private admin?: Promise<Admin>;
  private timer?: NodeJS.Timeout;
  private closed = false;
  private readonly topic: string;
  private readonly log = new Logger('ChangelogFreshness');
  /** Reading the end offsets: logged once per change; refused, tried again after 1 s doubling up to 30 s. */
  private readonly endsFailures = new FailureLog(this.log, {
    failing: "cannot read the changelog's end offsets",
    recovered: "the changelog's end offsets are readable again",
    firstDelayMs: 1_000,
    maxDelayMs: 30_000,
  });
  /** The last failure to read them, given to every probe until its backoff ends. */
  private endsFailure?: { error: unknown; retryAt: number };

  constructor(
    private readonly kafka: KafkaService,
    private readonly health: PipelineHealth,
    topics: TopicNames,
  ) {
    this.topic = topics.subscriptions;
    gauge(
      'hookline_subscription_table_staleness_seconds',
      'Age of the time as of which the subscription table is known to hold every change',
      [],
      (g) => g.set(this.freshAsOf === 0 ? 0 : (Date.now() - this.freshAsOf) / 1000),
    );
  }

  /** The changelog consumer applied the record at this position. */
  applied(partition: number, offset: string): void {
    this.positions.set(partition, Math.max(this.positions.get(partition) ?? 0, Number(offset) + 1));
    const waiters = this.progressWaiters;
    this.progressWaiters = [];
    waiters.forEach((w) => w());
    this.appliedListeners.forEach((listener) => listener());
  }

  /** Per changelog partition, the offset after the last applied record (records apply in order). */
  get appliedPositions(): ReadonlyMap<number, number> {
    return this.positions;
  }

  /** Calls `listener` after every applied record. */
  onApplied(listener: () => void): void {
    this.appliedListeners.push(listener);
  }

  /**
   * Starts the background probes (the changelog consumer runs on this instance), the first at once:
   * the instance is not ready until its table holds every change written before it started.
   */
  startBackgroundProbes(): void {
    const startedAt = Date.now();
    this.health.addGate('subscription table', () =>
      this.freshAsOf >= startedAt
        ? { ok: true }
        : {
            ok: false,
            code: 'subscription_table_behind',
            topic: this.topic,
            detail: 'changelog not read up to its end as of start',
          },
    );
    void this.ensureFreshAsOf(startedAt).catch(() => undefined);
    this.timer ??= setInterval(() => void this.ensureFreshAsOf(Date.now()).catch(() => undefined), BACKGROUND_PROBE_MS);
    this.timer.unref();
  }

  get caughtUpAsOf(): number {
    return this.freshAsOf;
  }

  /** Resolves once the table is fresh as of `time` (clamped to now: a producer's clock may run ahead). */
  async ensureFreshAsOf(time: number): Promise<void> {
    const target = Math.min(time, Date.now());
    while (this.freshAsOf < target) {
      if (!this.probe) {
        this.probeStartedAt = Date.now();
        this.probe = this.runProbe(this.probeStartedAt).finally(() => (this.probe = undefined));
      }
      await this.probe;
    }
  }

  /** Whether the table is shown fresh as of `time` within `ms` (false also when the probe fails). */
  async freshWithin(time: number, ms: number): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    return Promise.race([
      this.ensureFreshAsOf(time).then(() => true),
      new Promise<boolean>((r) => (timer = setTimeout(() => r(false), ms))),
    ])
      .catch(() => false)
      .finally(() => clearTimeout(timer));
  }

  async onModuleDestroy(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    this.progressWaiters.splice(0).forEach((w) => w());
    await this.admin?.then((a) => a.disconnect()).catch(() => undefined);
  }

  private async runProbe(startedAt: number): Promise<void> {
    if (this.closed) throw new Error('the subscription table is closed');
    const ends = await this.endOffsets();
    const behind = () =>
      ends.some(
        (p) => Number(p.high) > Number(p.low) && (this.positions.get(p.partition) ?? Number(p.low)) < Number(p.high),
      );
    while (behind()) {
      if (this.closed) throw new Error('the subscription table is closed');
      await new Promise<void>((r) => this.progressWaiters.push(r));
    }
    this.freshAsOf = Math.max(this.freshAsOf, startedAt);
  }

  /**
   * The changelog's end offsets. Probes start on demand (every waiting ingest, the lease, the
   * background timer), so while Kafka refuses or fails this instance each would try and log again:
   * within a failure's backoff they get its error at once, and the log has a line per cause.
   */
  private async endOffsets(): Promise<Awaited<ReturnType<Admin['fetchTopicOffsets']>>> {
    if (this.endsFailure && Date.now() < this.endsFailure.retryAt) throw this.endsFailure.error;
    try {
      const ends = await (await this.connectedAdmin()).fetchTopicOffsets(this.topic);
      this.endsFailure = undefined;
      this.endsFailures.succeeded();
      return ends;
    } catch (error) {
      const { code, detail, fix } = classifyKafkaFailure(error, this.kafka.failureContext);
      // The class and its fix are the cause: a detail naming each broker in turn is not a change.
      const delay = this.endsFailures.failed(error, `${code} ${fix}`, `${code}: ${detail}. To fix: ${fix}`);
      // A refusal lasts until an operator acts: back off. A broker away (a restart) comes back by
      // itself, and ingest waits on this read: the next probe tries at once.
      if (needsOperator(code)) this.endsFailure = { error, retryAt: Date.now() + delay };
      throw error;
    }
  }

  private connectedAdmin(): Promise<Admin> {
    this.admin ??= (async () => {
      const admin = this.kafka.kafka.admin();
      await admin.connect();
      return admin;
    })().catch((error: unknown) => {
      this.admin = undefined;
      throw error;
    });
    return this.admin;
  }
}
