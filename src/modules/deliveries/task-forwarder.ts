import { Injectable } from '@nestjs/common';
import type { IHeaders } from 'kafkajs';
import { AppConfig } from '../../platform/config/app-config.js';
import type { EgressResult } from '../../platform/egress/egress-client.js';
import { BatchingProducer } from '../../platform/kafka/batching-producer.js';
import { DeadLetterHeaders } from '../../platform/kafka/dead-letter.writer.js';
import { DUE_AT_HEADER } from '../../platform/kafka/kafka-pipeline.transport.js';
import { topicNames } from '../../topology.js';
import type { DeliveryTaskV1 } from './delivery-task.js';
import type { NextStep } from './retry-scheduler.js';

/**
 * Hands a task that needs another attempt to its next retry tier (due time in the header), or an
 * exhausted one to the DLQ; resolves on the broker's acknowledgement. Issue 5 adds the rest of
 * exhaustion (subscription failing, alert).
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

  async forward(task: DeliveryTaskV1, step: NextStep, result: EgressResult): Promise<void> {
    if (step.action === 'retry') {
      const next: DeliveryTaskV1 = {
        ...task,
        attempt: task.attempt + 1,
        trigger: 'retry',
        enqueued_at: new Date().toISOString(),
      };
      await this.producer.send(step.topic, [
        { key: task.subscription_id, value: JSON.stringify(next), headers: { [DUE_AT_HEADER]: String(step.dueAt) } },
      ]);
    } else if (step.action === 'exhausted') {
      const headers: IHeaders = {
        [DeadLetterHeaders.reason]: 'exhausted',
        [DeadLetterHeaders.detail]: (result.errorMessage ?? result.outcome).slice(0, 1000),
        [DeadLetterHeaders.at]: new Date().toISOString(),
        'tenant-id': task.tenant_id,
      };
      await this.producer.send(this.dlq, [{ key: task.subscription_id, value: JSON.stringify(task), headers }]);
    }
  }
}
