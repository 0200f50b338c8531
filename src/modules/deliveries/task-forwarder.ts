import { Injectable } from '@nestjs/common';
import type { IHeaders } from 'kafkajs';
import { AppConfig } from '../../platform/config/app-config.js';
import type { EgressResult } from '../../platform/egress/egress-client.js';
import { BatchingProducer } from '../../platform/kafka/batching-producer.js';
import { DeadLetterHeaders } from '../../platform/kafka/dead-letter.writer.js';
import { DUE_AT_HEADER } from '../../platform/kafka/kafka-pipeline.transport.js';
import { currentTraceparent } from '../../platform/telemetry/tracing.js';
import { topicNames } from '../../topology.js';
import { ATTEMPTS_HEADER, describeHistory, encodeHistory, type AttemptSummary } from '../failures/attempt-history.js';
import type { DeliveryTaskV1 } from './delivery-task.js';
import type { NextStep } from './retry-scheduler.js';
import { serializeTask } from './task-record.js';

/**
 * Hands a task that needs another attempt to its next retry tier (due time and attempt history in
 * headers), or parks one that will not be attempted again in the DLQ — exhausted, gone (410),
 * blocked, or its subscription disabled — with the attempt history, so that a recovery can
 * deliver it later. Resolves on the broker's acknowledgement.
 */
@Injectable()
export class TaskForwarder {
  private readonly dlq: string;

  constructor(
    private readonly producer: BatchingProducer,
    config: AppConfig,
  ) {
    this.dlq = topicNames(config.env.KAFKA_TOPIC_PREFIX, []).dlq;
  }

  /** `trail`: every attempt so far, this one included. */
  async forward(
    task: DeliveryTaskV1,
    step: NextStep,
    result: EgressResult | undefined,
    trail: readonly AttemptSummary[] = [],
  ): Promise<void> {
    if (step.action === 'retry') {
      const next: DeliveryTaskV1 = {
        ...task,
        attempt: task.attempt + 1,
        trigger: 'retry',
        enqueued_at: new Date().toISOString(),
        previous_attempt_traceparent: currentTraceparent() ?? task.previous_attempt_traceparent,
      };
      await this.producer.send(step.topic, [
        {
          key: task.subscription_id,
          value: serializeTask(next),
          headers: { [DUE_AT_HEADER]: String(step.dueAt), [ATTEMPTS_HEADER]: encodeHistory(trail) },
        },
      ]);
    } else if (step.action !== 'done') {
      const last = result?.errorMessage ?? result?.outcome;
      const headers: IHeaders = {
        [DeadLetterHeaders.reason]: step.action === 'exhausted' ? 'exhausted' : step.reason,
        [DeadLetterHeaders.detail]: `${describeHistory(trail)}${last ? `; last: ${last}` : ''}`.slice(0, 1000),
        [DeadLetterHeaders.at]: new Date().toISOString(),
        [ATTEMPTS_HEADER]: encodeHistory(trail),
        'tenant-id': task.tenant_id,
      };
      await this.producer.send(this.dlq, [{ key: task.subscription_id, value: serializeTask(task), headers }]);
    }
  }
}
