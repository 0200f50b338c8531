import { Injectable } from '@nestjs/common';
import { AppConfig } from '../../../platform/config/app-config.js';
import { SequenceAllocator } from '../../events/sequence-allocator.js';
import { ManualTasks } from '../manual-tasks.js';
import type { OperationHandler, OperationOutcome } from '../runner/operation-handler.js';
import { OperationFailure, type OperationRun } from '../runner/operation-run.js';
import { SubscriptionReader } from '../../subscriptions/subscription-reader.js';
import { RecoveryEvents, type RecoverableEvent, type RecoveryWindow } from './recovery-events.js';
import { memberText } from '../../../platform/json/json-text.js';
import type { DeliveredEnvelope } from '../../delivery/delivery-task.js';

export interface RecoveryParameters {
  subscription_id: string;
  since: string;
  until: string;
  status: 'failed' | 'all';
  dry_run: boolean;
}

interface RecoveryCheckpoint {
  total: number;
  processed: number;
  redelivered: number;
  /** The last event id looked at (events are taken in id order). */
  after: string | null;
}

/**
 * Recovery: re-delivers a subscription's events of a window (those whose latest attempt failed,
 * or all) through the normal pipeline, with their original ids and payloads. Counts first (the
 * progress denominator, and all a dry run does), then walks the window in batches, in event id
 * order; each batch is acknowledged by Kafka before its checkpoint, so a resumed run repeats at
 * most one batch.
 */
@Injectable()
export class RecoveryHandler implements OperationHandler {
  readonly kind = 'recovery' as const;

  constructor(
    private readonly events: RecoveryEvents,
    private readonly subscriptions: SubscriptionReader,
    private readonly sequences: SequenceAllocator,
    private readonly tasks: ManualTasks,
    private readonly config: AppConfig,
  ) {}

  async run(run: OperationRun): Promise<OperationOutcome> {
    const p = run.parameters as unknown as RecoveryParameters;
    const { tenantId } = run.operation;
    const window: RecoveryWindow = {
      tenantId,
      subscriptionId: p.subscription_id,
      since: p.since,
      until: p.until,
      status: p.status,
    };
    let state = run.resumeFrom as RecoveryCheckpoint | null;
    if (!state) {
      state = { total: await this.events.count(window), processed: 0, redelivered: 0, after: null };
      if (!p.dry_run) await run.checkpoint(state, 0);
    }
    while (!p.dry_run) {
      await this.requireDeliverable(tenantId, p.subscription_id);
      const { events, lastSeen } = await this.events.batch(window, state.after, this.config.operations.batchSize);
      if (lastSeen === null) break;
      await this.redeliver(tenantId, p.subscription_id, events);
      state = {
        total: state.total,
        processed: state.processed + events.length,
        redelivered: state.redelivered + events.length,
        after: lastSeen,
      };
      await run.checkpoint(state, state.total > 0 ? Math.min(1, state.processed / state.total) : 1);
    }
    return {
      result: {
        matched: p.dry_run ? state.total : state.processed,
        redelivered: state.redelivered,
        dry_run: p.dry_run,
      },
      resultUrl: `/v1/operations/${run.operation.id}/result`,
    };
  }

  /** The events as tasks to the subscription again, with new sequence numbers; resolves on Kafka's acknowledgement. */
  private async redeliver(tenantId: string, subscriptionId: string, events: RecoverableEvent[]): Promise<void> {
    if (events.length === 0) return;
    const orderings = await Promise.all(
      events.map((e) => this.sequences.next({ tenantId, eventId: e.id, subscriptionIds: [subscriptionId] })),
    );
    const now = new Date();
    await this.tasks.send(
      events.map((e, i) => {
        const ordering = orderings[i].get(subscriptionId)!;
        // Parsed for its id, type and created_at; data is sent as stored, so its numbers need no exact
        // parse (and JSON.parse takes a repeated key, which JSON allows and a strict parser refuses).
        const stored = JSON.parse(e.payload) as Omit<DeliveredEnvelope, 'sequence' | 'previous_event_id'>;
        const event = { ...stored, sequence: ordering.sequence, previous_event_id: ordering.previousEventId };
        // The stored text of data, as first delivered: a recovery sends the same bytes.
        return this.tasks.forEnvelope(tenantId, subscriptionId, event, now, memberText(e.payload, 'data'));
      }),
    );
  }

  /** Checked before every batch: a subscription disabled or deleted meanwhile stops the recovery. */
  private async requireDeliverable(tenantId: string, subscriptionId: string): Promise<void> {
    const status = await this.subscriptions.statusOf(tenantId, subscriptionId);
    if (status === null)
      throw new OperationFailure('SUBSCRIPTION_NOT_FOUND', 'The subscription was deleted; nothing can be delivered.');
    if (status === 'disabled')
      throw new OperationFailure(
        'SUBSCRIPTION_DISABLED',
        `The subscription is disabled: enable it (POST /v1/webhooks/${subscriptionId}/enable), then retry this operation.`,
      );
  }
}
