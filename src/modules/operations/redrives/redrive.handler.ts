import { Injectable, Logger } from '@nestjs/common';
import { AppConfig } from '../../../platform/config/app-config.js';
import { RecordRejectedError } from '../../../platform/kafka/produce-errors.js';
import { readDeliveryTask, type DeliveryTaskV1, type DeliveryTaskV2 } from '../../delivery/delivery-task.js';
import type { AlertEventV1 } from '../../delivery/failures/alert-event.js';
import { SubscriptionReader } from '../../subscriptions/subscription-reader.js';
import { ManualTasks } from '../manual-tasks.js';
import type { OperationHandler, OperationOutcome } from '../runner/operation-handler.js';
import type { OperationRun } from '../runner/operation-run.js';
import {
  DeadLettersRepository,
  type DeadLetterPosition,
  type RedrivableDeadLetter,
  type RedriveSelection,
} from '../../dead-letters/dead-letters.repository.js';

export interface RedriveParameters {
  subscription_id: string | null;
  since: string | null;
  until: string;
  reason: string | null;
  /** Absent in runs requested before the filter existed. */
  dead_letter_ids?: string[] | null;
}

interface RedriveCheckpoint {
  total: number;
  processed: number;
  redriven: number;
  skipped: number;
  after: DeadLetterPosition | null;
}

/** What a redrive can send again: a parked delivery task (either form), or a parked alert, of this tenant. */
type Redrivable =
  | { kind: 'task'; row: RedrivableDeadLetter; task: DeliveryTaskV2 }
  | { kind: 'alert'; row: RedrivableDeadLetter; alert: AlertEventV1; value: Buffer };

const subscriptionOf = (item: Redrivable) =>
  item.kind === 'task' ? item.task.subscription_id : item.alert.subscription_id;

function redrivable(row: RedrivableDeadLetter, tenantId: string): Redrivable | null {
  let parsed: Partial<DeliveryTaskV2> | Partial<DeliveryTaskV1> | Partial<AlertEventV1> | null;
  try {
    parsed = JSON.parse(row.payload?.toString('utf8') ?? 'null') as typeof parsed;
  } catch {
    return null; // an ingest record that was never an event: nothing to send
  }
  // A record filed under this tenant carries a task or alert of this tenant; anything else is not ours to send.
  if (typeof parsed?.event?.id !== 'string' || typeof parsed.subscription_id !== 'string') return null;
  if (parsed.tenant_id !== tenantId) return null;
  if (parsed.type === 'AlertEventV1') return { kind: 'alert', row, alert: parsed as AlertEventV1, value: row.payload! };
  const task = taskOf(parsed);
  return task ? { kind: 'task', row, task } : null;
}

/** A parked delivery task of either form, as DeliveryTaskV2; null for anything else (or a task no request can be made of). */
function taskOf(parsed: unknown): DeliveryTaskV2 | null {
  try {
    return readDeliveryTask(parsed);
  } catch {
    return null;
  }
}

/**
 * DLQ redrive: claims the tenant's parked records a batch at a time (marked redriven by this
 * operation, so a concurrent redrive sends none of them again), puts its delivery tasks back on
 * <prefix>.deliveries (same event, same id and sequence; trigger manual, attempt 1) and its alerts
 * back on <prefix>.alerts (the same alert, its whole retry schedule again). The
 * window closes when the redrive is requested, so what fails again and returns to the DLQ during
 * the run is not picked up a second time. Records that are neither (an ingest record refused as
 * never an event) have nothing to send: they are skipped and counted, as is one the broker refuses
 * (too large for the topic it would go to), which stays parked and blocks none of the others.
 */
@Injectable()
export class RedriveHandler implements OperationHandler {
  readonly kind = 'redrive' as const;
  private readonly log = new Logger('Redrive');

  constructor(
    private readonly deadLetters: DeadLettersRepository,
    private readonly tasks: ManualTasks,
    private readonly config: AppConfig,
    private readonly subscriptions: SubscriptionReader,
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
      deadLetterIds: p.dead_letter_ids ?? undefined,
    };
    let state = run.resumeFrom as RedriveCheckpoint | null;
    if (!state) {
      const total = await this.deadLetters.countRedrivable(selection);
      state = { total, processed: 0, redriven: 0, skipped: 0, after: null };
      await run.checkpoint(state, 0);
    }
    for (;;) {
      const batchSize = this.config.operations.batchSize;
      const batch = await this.deadLetters.claimRedrivable(selection, state.after, batchSize, id);
      if (batch.length === 0) break;
      const sent = await this.sendClaimed(tenantId, batch, id);
      const sentIds = new Set(sent.map(({ row }) => row.id));
      const unsent = batch.filter((row) => !sentIds.has(row.id)).map((row) => row.id);
      await this.deadLetters.releaseClaims(tenantId, unsent, id);
      const last = batch[batch.length - 1];
      state = {
        total: state.total,
        processed: state.processed + batch.length,
        redriven: state.redriven + sent.length,
        skipped: state.skipped + batch.length - sent.length,
        after: { createdAt: last.created_key, id: last.id },
      };
      await run.checkpoint(state, state.total > 0 ? Math.min(1, state.processed / state.total) : 1);
    }
    return {
      result: { matched: state.processed, redriven: state.redriven, skipped: state.skipped },
      resultUrl: `/v1/operations/${id}/result`,
    };
  }

  /** Sends what the claimed rows hold; when the send fails, the claims are given back before the run retries. */
  private async sendClaimed(tenantId: string, batch: RedrivableDeadLetter[], operationId: string) {
    try {
      const sendable = await this.ofLiveSubscriptions(
        tenantId,
        batch.flatMap((row) => redrivable(row, tenantId) ?? []),
      );
      return await this.sendAccepted(tenantId, sendable);
    } catch (error) {
      await this.deadLetters.releaseClaims(
        tenantId,
        batch.map((row) => row.id),
        operationId,
      );
      throw error;
    }
  }

  /**
   * What still has a subscription to go to: a deleted subscription's parked records are skipped and
   * stay parked (its deliveries would be dropped, counted as redriven).
   */
  private async ofLiveSubscriptions(tenantId: string, items: Redrivable[]): Promise<Redrivable[]> {
    const ids = [...new Set(items.map((item) => subscriptionOf(item)))];
    const live = new Set<string>();
    for (const id of ids) if (await this.subscriptions.exists(tenantId, id)) live.add(id);
    return items.filter((item) => live.has(subscriptionOf(item)));
  }

  /**
   * The batch sent, or, when the broker refuses a record of it for good, each one alone: what it
   * refuses again is left out (logged), and the rest of the batch is still redriven.
   */
  private async sendAccepted(tenantId: string, sendable: Redrivable[]): Promise<Redrivable[]> {
    try {
      await this.send(tenantId, sendable);
      return sendable;
    } catch (error) {
      if (!(error instanceof RecordRejectedError) || sendable.length === 0) throw error;
    }
    const accepted: Redrivable[] = [];
    for (const item of sendable) {
      try {
        await this.send(tenantId, [item]);
        accepted.push(item);
      } catch (error) {
        if (!(error instanceof RecordRejectedError)) throw error;
        this.log.warn(`dead letter ${item.row.id} stays parked: ${error.message}`);
      }
    }
    return accepted;
  }

  /** Acknowledged by the broker before the checkpoint moves: a resumed run repeats at most this batch. */
  private async send(tenantId: string, sendable: Redrivable[]): Promise<void> {
    const now = new Date();
    const tasks = sendable.flatMap((r) => (r.kind === 'task' ? [r.task] : []));
    const alerts = sendable.flatMap((r) => (r.kind === 'alert' ? [r] : []));
    await Promise.all([
      // Same event, same sequence: the parked task's own body is sent as it is.
      this.tasks.send(tasks.map((t) => this.tasks.task(tenantId, t.subscription_id, t.event, t.body, now))),
      this.tasks.resendAlerts(
        alerts.map(({ alert, value }) => ({ tenantId, subscriptionId: alert.subscription_id, value })),
      ),
    ]);
  }
}
