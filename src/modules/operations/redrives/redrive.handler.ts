import { Injectable } from '@nestjs/common';
import { AppConfig } from '../../../platform/config/app-config.js';
import { readDeliveryTask, type DeliveryTaskV2 } from '../../delivery/delivery-task.js';
import { ManualTasks } from '../manual-tasks.js';
import type { OperationHandler, OperationOutcome } from '../runner/operation-handler.js';
import type { OperationRun } from '../runner/operation-run.js';
import {
  RedrivableDeadLettersRepository,
  type DeadLetterPosition,
  type RedriveSelection,
} from './redrivable-dead-letters.repository.js';

export interface RedriveParameters {
  subscription_id: string | null;
  since: string | null;
  until: string;
  reason: string | null;
}

interface RedriveCheckpoint {
  total: number;
  processed: number;
  redriven: number;
  skipped: number;
  after: DeadLetterPosition | null;
}

/** A DLQ record a redrive can deliver: one the delivery stage parked (a whole delivery task, either form). */
function taskOf(payload: unknown): DeliveryTaskV2 | null {
  try {
    return readDeliveryTask(payload);
  } catch {
    return null;
  }
}

/**
 * DLQ redrive: puts the tenant's parked delivery tasks back on <prefix>.deliveries (same event,
 * same id and sequence; trigger manual, attempt 1) and marks their dead_letters rows redriven.
 * The window closes when the redrive is requested, so tasks that fail again and return to the DLQ
 * during the run are not picked up a second time. Records that are not delivery tasks (an ingest
 * record that could not be decoded) have nothing to deliver: they are skipped and counted.
 */
@Injectable()
export class RedriveHandler implements OperationHandler {
  readonly kind = 'redrive' as const;

  constructor(
    private readonly deadLetters: RedrivableDeadLettersRepository,
    private readonly tasks: ManualTasks,
    private readonly config: AppConfig,
  ) {}

  async run(run: OperationRun): Promise<OperationOutcome> {
    const p = run.parameters as unknown as RedriveParameters;
    const { tenantId, id } = run.operation;
    const selection: RedriveSelection = {
      tenantId,
      until: p.until,
      since: p.since ?? undefined,
      subscriptionId: p.subscription_id ?? undefined,
      reason: p.reason ?? undefined,
    };
    let state = run.resumeFrom as RedriveCheckpoint | null;
    if (!state) {
      state = { total: await this.deadLetters.count(selection), processed: 0, redriven: 0, skipped: 0, after: null };
      await run.checkpoint(state, 0);
    }
    for (;;) {
      const batch = await this.deadLetters.batch(selection, state.after, this.config.env.OPERATIONS_BATCH_SIZE);
      if (batch.length === 0) break;
      const now = new Date();
      const redrivable = batch.flatMap((row) => {
        const task = taskOf(row.payload_json);
        // A record filed under this tenant carries a task of this tenant; anything else is not ours to send.
        return task && task.tenant_id === tenantId ? [{ row, task }] : [];
      });
      await this.tasks.send(
        // Same event, same sequence: the parked task's own body is sent as it is.
        redrivable.map(({ task }) => this.tasks.task(tenantId, task.subscription_id, task.event, task.body, now)),
      );
      await this.deadLetters.markRedriven(
        tenantId,
        redrivable.map(({ row }) => row.id),
        id,
      );
      const last = batch[batch.length - 1];
      state = {
        total: state.total,
        processed: state.processed + batch.length,
        redriven: state.redriven + redrivable.length,
        skipped: state.skipped + batch.length - redrivable.length,
        after: { createdAt: last.created_key, id: last.id },
      };
      await run.checkpoint(state, state.total > 0 ? Math.min(1, state.processed / state.total) : 1);
    }
    return {
      result: { matched: state.processed, redriven: state.redriven, skipped: state.skipped },
      resultUrl: `/v1/operations/${id}/result`,
    };
  }
}
