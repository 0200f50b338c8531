import { Injectable } from '@nestjs/common';
import type { IHeaders } from 'kafkajs';
import type { EgressResult } from '../../../platform/egress/egress-client.js';
import { BatchingProducer } from '../../../platform/kafka/batching-producer.js';
import { DeadLetterWriter } from '../../../platform/kafka/dead-letter.writer.js';
import { DUE_AT_HEADER } from '../../../platform/kafka/kafka-pipeline.transport.js';
import { currentTraceparent, inTraceOf } from '../../../platform/telemetry/tracing.js';
import { ATTEMPTS_HEADER, describeHistory, encodeHistory, type AttemptSummary } from '../attempt-history.js';
import type { DeliveryTaskV2 } from '../delivery-task.js';
import type { NextStep } from '../retry/retry-policy.js';
import { serializeTask } from '../task-record.js';

/**
 * Where a task goes after its attempt, given the policy's step: TaskForwarder's retry tiers and DLQ,
 * or the ordered lane, which keeps a task in place (DeliveryService.deliverInPlace).
 */
export interface TaskPlacement {
  forward(
    task: DeliveryTaskV2,
    step: NextStep,
    result: EgressResult | undefined,
    trail: readonly AttemptSummary[],
  ): Promise<void>;
}

/**
 * Hands a task that needs another attempt to its next retry tier (due time and attempt history in
 * headers), or parks one that will not be attempted again in the DLQ — exhausted, gone (410),
 * blocked, or its subscription disabled — with the attempt history, so that a recovery can
 * deliver it later. Resolves on the broker's acknowledgement.
 */
@Injectable()
export class TaskForwarder implements TaskPlacement {
  constructor(
    private readonly producer: BatchingProducer,
    private readonly deadLetters: DeadLetterWriter,
  ) {}

  /**
   * A task stepping aside because its subscription stalls: the same task (same attempt, event and
   * sequence) to a retry tier, due after the tier's delay. A deferral, not a failure. No attempt
   * span is open here: its PRODUCER span goes in the task's trace.
   */
  async defer(
    task: DeliveryTaskV2,
    to: { topic: string; dueAt: number },
    trail: readonly AttemptSummary[],
  ): Promise<void> {
    const deferrals = (task.deferrals ?? 0) + 1;
    await inTraceOf(task.traceparent, () =>
      this.producer.send(to.topic, [
        {
          key: task.subscription_id,
          value: serializeTask({ ...task, deferrals }),
          headers: { [DUE_AT_HEADER]: String(to.dueAt), [ATTEMPTS_HEADER]: encodeHistory(trail) },
        },
      ]),
    );
  }

  /** `trail`: every attempt so far, this one included. */
  async forward(
    task: DeliveryTaskV2,
    step: NextStep,
    result: EgressResult | undefined,
    trail: readonly AttemptSummary[] = [],
  ): Promise<void> {
    if (step.action === 'retry') {
      const next: DeliveryTaskV2 = {
        ...task,
        attempt: task.attempt + 1,
        trigger: 'retry',
        enqueued_at: new Date().toISOString(),
        // The attempt span, read before the PRODUCER span opens (the record carries that one as its header).
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
      await this.park(
        task,
        step.action === 'exhausted' ? 'exhausted' : step.reason,
        `${describeHistory(trail)}${last ? `; last: ${last}` : ''}`,
        trail,
      );
    }
  }

  /**
   * Parks a task in the DLQ for `reason`, with its attempt history, so a redrive can deliver it
   * later: a task of the direct lane that failed after its request (parked as the delivery consumer
   * parks such a record, never sent again), or an ordered key's skipped head. In the task's trace.
   */
  async park(
    task: DeliveryTaskV2,
    reason: string,
    detail: string,
    trail: readonly AttemptSummary[] = [],
  ): Promise<void> {
    const headers: IHeaders = {
      'tenant-id': task.tenant_id,
      ...(trail.length ? { [ATTEMPTS_HEADER]: encodeHistory(trail) } : {}),
      ...(task.traceparent ? { traceparent: task.traceparent } : {}),
    };
    await inTraceOf(task.traceparent, () =>
      this.deadLetters.write({ key: task.subscription_id, value: serializeTask(task), headers }, reason, detail),
    );
  }
}
