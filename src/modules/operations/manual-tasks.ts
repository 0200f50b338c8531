import { Injectable } from '@nestjs/common';
import { BatchingProducer } from '../../platform/kafka/batching-producer.js';
import { currentTraceparent } from '../../platform/telemetry/tracing.js';
import { TopicNames } from '../../topology.js';
import type { DeliveredEnvelope, DeliveryTaskV2, EventHead } from '../delivery/delivery-task.js';
import { envelopeBody, serializeTask } from '../delivery/task-record.js';
import { hasExactNumbers, stringifyExact } from '../../platform/json/exact-json.js';

/**
 * Hands events (and parked alerts) back to the normal pipeline: DeliveryTaskV2 records on <prefix>.deliveries with
 * trigger `manual` and attempt 1, keyed by subscription like fan-out's, so the delivery stage signs,
 * sends, logs and retries them like any other. Attempt 1 on purpose: the attempt number selects
 * the retry tier, so a recovered event gets the whole retry schedule again instead of landing
 * straight back in the DLQ after one failure; the log tells it apart by its trigger.
 */
@Injectable()
export class ManualTasks {
  private readonly topic: string;
  private readonly alertsTopic: string;

  constructor(
    private readonly producer: BatchingProducer,
    topics: TopicNames,
  ) {
    this.topic = topics.deliveries;
    this.alertsTopic = topics.alerts;
  }

  /**
   * A task of the envelope `event`. Its data is sent as `dataText` when given (the stored bytes of a
   * recovery), else serialised here with every digit kept.
   */
  forEnvelope(
    tenantId: string,
    subscriptionId: string,
    event: DeliveredEnvelope,
    now = new Date(),
    dataText?: string,
  ): DeliveryTaskV2 {
    const { data, ...head } = event;
    const body = envelopeBody(event, dataText ?? stringifyExact(data, hasExactNumbers(data)));
    return this.task(tenantId, subscriptionId, head, body, now);
  }

  /** `body`: the envelope's text, sent as it is (a redrive sends the parked task's own bytes). */
  task(tenantId: string, subscriptionId: string, event: EventHead, body: string, now = new Date()): DeliveryTaskV2 {
    const at = now.toISOString();
    const traceparent = currentTraceparent();
    return {
      type: 'DeliveryTaskV2',
      tenant_id: tenantId,
      subscription_id: subscriptionId,
      event,
      body,
      attempt: 1,
      trigger: 'manual',
      first_attempt_at: at,
      enqueued_at: at,
      ...(traceparent ? { traceparent } : {}),
    };
  }

  /** Resolves once the broker acknowledged every task (acks=all). */
  async send(tasks: DeliveryTaskV2[]): Promise<void> {
    await this.producer.send(
      this.topic,
      tasks.map((task) => ({ key: task.subscription_id, value: serializeTask(task) })),
    );
  }

  /** Parked alerts back on <prefix>.alerts as they were (AlertEventV1 bytes), keyed by subscription like the first time. */
  async resendAlerts(alerts: { tenantId: string; subscriptionId: string; value: Buffer }[]): Promise<void> {
    if (alerts.length === 0) return;
    await this.producer.send(
      this.alertsTopic,
      alerts.map((a) => ({ key: a.subscriptionId, value: a.value, headers: { 'tenant-id': a.tenantId } })),
    );
  }
}
