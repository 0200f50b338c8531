import { randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import { Server, type CustomTransportStrategy } from '@nestjs/microservices';
import { isObservable, lastValueFrom } from 'rxjs';
import { AppConfig } from '../config/app-config.js';
import { DeadLetterWriter } from './dead-letter.writer.js';
import type { InboundMessage } from './inbound-message.js';
import { KafkaService } from './kafka.service.js';
import type { KeyPressure } from './key-pressure.js';
import { PartitionedConsumer } from './partitioned-consumer.js';
import { inTraceOf } from '../telemetry/tracing.js';
import { foreignGroupMembers } from './group-isolation.js';
import { PipelineHealth, type HealthVerdict } from './pipeline-health.js';
import { parkReasonOf } from './poison-record.error.js';
import { isKafkaAccessError } from './kafka-failure.js';
import type { TopicSpec } from './pipeline-topology.js';
import { WrittenWatermarks } from './written-watermarks.js';
import { exposeConsumerOccupancy } from './consumer-occupancy-metrics.js';
import { RECORD_CUT_MS, type ShutdownDeadline } from '../lifecycle/shutdown-deadline.js';

export class BootCheckError extends Error {}

const GROUPS = 'consumer groups';

/** Header carrying a retry tier record's due time (ms since epoch). */
export const DUE_AT_HEADER = 'hookline-due-at';

/**
 * The Nest microservice transport for the pipeline: one PartitionedConsumer per topology topic whose
 * role is enabled, dispatching to the @EventPattern handler the topology names. The boot fails when
 * such a handler is missing, so a topic can never sit unread.
 */
export class KafkaPipelineTransport extends Server implements CustomTransportStrategy {
  private readonly consumers: PartitionedConsumer[] = [];
  private readonly log = new Logger('Pipeline');
  private readonly instanceId = randomUUID();
  private retryTimer?: NodeJS.Timeout;
  private closed = false;
  /** What was last logged of each consumer's refusal: logged again only when it changes. */
  private readonly reported = new Map<string, string>();

  constructor(
    private readonly config: AppConfig,
    private readonly kafka: KafkaService,
    private readonly deadLetters: DeadLetterWriter,
    private readonly health: PipelineHealth,
    /** The judge of the records' keys (for the delivery stage: the subscriptions' pressure). */
    private readonly pressure: KeyPressure,
    private readonly watermarks: WrittenWatermarks = new WrittenWatermarks(),
    /** The stop's deadline, when the outbound requests still in flight are cut (EgressClient.cutInFlight). */
    private readonly deadline?: ShutdownDeadline,
  ) {
    super();
  }

  /** The topology entries this instance consumes, given its roles. */
  activeTopics(): TopicSpec[] {
    return this.kafka.topology.consumedWith((r) => this.config.hasRole(r));
  }

  /**
   * Checks the handlers, then starts the consumers: now when Kafka accepts this instance (a group
   * another deployment uses then fails the start), else once it does (KafkaService.whenStarted),
   * the instance staying up and not ready meanwhile.
   */
  async listen(callback: (error?: unknown) => void): Promise<void> {
    try {
      const active = this.activeTopics();
      this.checkHandlers(active);
      for (const spec of active) {
        const consumer = this.createConsumer(spec);
        this.consumers.push(consumer);
        this.watermarks.register(spec.topic, () => consumer.writtenWatermarks);
      }
      exposeConsumerOccupancy(this.consumers, active);
      this.health.addGate('consumers', () => this.consumersVerdict());
      if (this.kafka.isStarted) await this.startConsumers(active);
      else this.kafka.whenStarted(() => void this.startConsumers(active).catch((e: unknown) => this.startFailed(e)));
      callback();
    } catch (error) {
      callback(error);
    }
  }

  private async startConsumers(active: TopicSpec[], attempt = 1): Promise<void> {
    if (this.closed) return;
    try {
      await this.checkGroupsAreOurs(active);
    } catch (error) {
      if (!isKafkaAccessError(error)) throw error;
      // Not allowed to describe a group: readiness names it; tried again until an operator allows it.
      const failure = this.health.kafkaFailed(GROUPS, error, {
        ...this.kafka.failureContext,
        group: this.groupOf(error, active),
      });
      if (attempt === 1)
        this.log.error(`${failure.code} (group ${failure.group ?? '?'}): ${failure.detail}. To fix: ${failure.fix}`);
      this.retryTimer = setTimeout(
        () => void this.startConsumers(active, attempt + 1).catch((e: unknown) => this.startFailed(e)),
        Math.min(30_000, 1_000 * 2 ** (attempt - 1)),
      );
      return;
    }
    this.health.kafkaRecovered(GROUPS);
    await Promise.all(this.consumers.map((c) => c.start()));
    this.log.log(`consuming ${active.map((t) => t.topic).join(', ')}`);
  }

  /** A start deferred until Kafka accepted this instance failed its boot check: logged, and never ready. */
  private startFailed(error: unknown): void {
    this.health.addGate('boot check', () => ({ ok: false, code: 'boot_check_failed', detail: String(error) }));
    this.log.error(`consumers not started: ${String(error)}`);
  }

  /** The group a failed describe concerns: kafkajs does not say, so the check runs one group at a time. */
  private groupOf(error: unknown, active: TopicSpec[]): string | undefined {
    return (error as { group?: string }).group ?? active.find((t) => !t.consumer.broadcast)?.consumer.group;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retryTimer);
    // Waiting for a request past the timeout would hold the stop as long as its endpoint likes. Cut
    // at the deadline, its flow records the attempt and leaves the record unfinished for the
    // partition's next owner.
    const drainMs = this.deadline?.remainingMs() ?? this.config.runtime.shutdownTimeoutMs + RECORD_CUT_MS;
    await Promise.all(this.consumers.map((c) => c.stop(drainMs)));
    this.consumers.length = 0;
  }

  on(): never {
    throw new Error('KafkaPipelineTransport has no events');
  }

  unwrap<T>(): T {
    return this.kafka.kafka as T;
  }

  /** Ready once every consumer joined its group and none was handed partitions of a topic it does not read. */
  private consumersVerdict(): HealthVerdict {
    const waiting = this.consumers.filter((c) => !c.joined).map((c) => c.topic);
    if (waiting.length > 0)
      return {
        ok: false,
        code: 'kafka_consumers_not_joined',
        topic: waiting[0],
        detail: `not yet in their groups: ${waiting.join(', ')}`,
      };
    const foreign = this.consumers.flatMap((c) => c.foreignTopics);
    if (foreign.length > 0)
      return {
        ok: false,
        code: 'kafka_group_shared',
        topic: foreign[0],
        detail: `assigned partitions of topics not consumed here: ${foreign.join(', ')}`,
      };
    return { ok: true };
  }

  /**
   * Boot check: every consumed topic has its handler, and no handler name is registered twice (Nest
   * would chain both, and each record would be processed twice).
   */
  private checkHandlers(active: TopicSpec[]): void {
    const missing = active.filter((t) => !this.getHandlerByPattern(t.consumer.handler));
    if (missing.length > 0)
      throw new BootCheckError(
        `boot check failed: no handler registered for ${missing.map((t) => `${t.topic} (${t.consumer.handler})`).join(', ')}`,
      );
    const doubled = [...this.getHandlers()].filter(([, handler]) => handler.next).map(([pattern]) => pattern);
    if (doubled.length > 0)
      throw new BootCheckError(`boot check failed: more than one handler registered for ${doubled.join(', ')}`);
  }

  /** Boot check: a group already used by another deployment on this cluster stops the start. */
  private async checkGroupsAreOurs(active: TopicSpec[]): Promise<void> {
    const byGroup = new Map<string, string[]>();
    for (const t of active.filter((s) => !s.consumer.broadcast))
      byGroup.set(t.consumer.group, [...(byGroup.get(t.consumer.group) ?? []), t.topic]);
    const uses = [...byGroup].map(([group, topics]) => ({ group, topics }));
    const admin = this.kafka.kafka.admin();
    await admin.connect();
    try {
      const problems = await foreignGroupMembers(admin, uses);
      if (problems.length > 0)
        throw new BootCheckError(
          `boot check failed: ${problems.join('; ')}. Another deployment shares these group names: give this one ` +
            `its own KAFKA_GROUP_PREFIX (or leave it empty to derive it from KAFKA_TOPIC_PREFIX)`,
        );
    } finally {
      await admin.disconnect().catch(() => undefined);
    }
  }

  private createConsumer(spec: TopicSpec): PartitionedConsumer {
    const handler = this.getHandlerByPattern(spec.consumer.handler)!;
    const { consumer } = spec;
    return new PartitionedConsumer(this.kafka.kafka, {
      topic: spec.topic,
      groupId: this.groupIdOf(spec),
      // Broadcast groups are new per instance: they replay their compacted topic from the start,
      // so nothing written between the table's load and the first fetch is missed.
      fromBeginning: true,
      stepAside: consumer.stepAside === true && this.config.delivery.retrySchedule.length > 0,
      pressure: this.pressure,
      maxInFlight: consumer.maxInFlight,
      maxBytesPerPartition: Math.max(this.kafka.recordLimitBytes, 1024 * 1024),
      maxBufferedBytes: this.config.limits.consumerMaxBufferedBytes,
      maxInFlightPerKey: consumer.maxInFlightPerKey,
      sessionTimeoutMs: this.config.kafka.sessionTimeoutMs,
      dueAt:
        consumer.delayMs === undefined
          ? undefined
          : (m) => Number(m.headers[DUE_AT_HEADER] ?? m.timestamp + (consumer.delayMs ?? 0)),
      handle: async (message: InboundMessage) => {
        // A handler's failure comes back as an erroring observable (Nest's exception layer); its
        // success as a plain value, which needs no observable around it.
        const result: unknown = await handler(message, spec);
        if (isObservable(result)) await lastValueFrom(result, { defaultValue: undefined });
      },
      // The DLQ's own records are retried until indexed: parking one would feed it back to itself.
      quarantine:
        spec.topic === this.deadLetters.topic ? undefined : (message, error) => this.quarantine(message, error),
      onKafkaFailure: (error) => this.consumerStopped(spec, error),
      onKafkaRecovered: () => {
        this.health.kafkaRecovered(`consumer ${spec.topic}`);
        this.reported.delete(spec.topic);
      },
      logger: this.log,
    });
  }

  /** Broadcast groups are new per instance: each instance reads the whole changelog. */
  private groupIdOf({ consumer }: TopicSpec): string {
    return consumer.broadcast ? `${consumer.group}.${this.instanceId}` : consumer.group;
  }

  /** A consumer Kafka refused names its class, topic or group in readiness until it joins again; the log says what to fix. */
  private consumerStopped(spec: TopicSpec, error: unknown): void {
    if (!isKafkaAccessError(error)) return;
    const where = { ...this.kafka.failureContext, topics: [spec.topic], group: this.groupIdOf(spec) };
    const failure = this.health.kafkaFailed(`consumer ${spec.topic}`, error, where);
    const said = `${failure.code} ${failure.topic ?? ''} ${failure.group ?? ''}`;
    if (this.reported.get(spec.topic) === said) return;
    this.reported.set(spec.topic, said);
    this.log.error(`${failure.code} reading ${spec.topic}: ${failure.detail}. To fix: ${failure.fix}`);
  }

  /** processing_error is kept for true bugs: it counts against readiness, and its log names the error class. */
  private async quarantine(message: InboundMessage, error: unknown): Promise<void> {
    const reason = parkReasonOf(error);
    const name = (error as Error)?.name ?? typeof error;
    this.log.warn(
      `parked ${message.topic}/${message.partition}@${message.offset} (${reason}, ${name}): ${String(error)}`,
    );
    // In the trace of the record's producer: the DLQ's PRODUCER span is then not a trace of its own.
    await inTraceOf(message.headers['traceparent'], () =>
      this.deadLetters.park(message, reason, error instanceof Error ? error.message : String(error)),
    );
    if (reason === 'processing_error') this.health.parkedProcessingError();
  }
}
