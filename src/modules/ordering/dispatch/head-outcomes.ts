import { Injectable, Logger } from '@nestjs/common';
import type { EgressResult } from '../../../platform/egress/egress-client.js';
import { retryTransient } from '../../../platform/errors/retry-transient.js';
import { counter } from '../../../platform/telemetry/metrics.js';
import type { AttemptSummary } from '../../delivery/attempt-history.js';
import type { DeliveryTaskV2 } from '../../delivery/delivery-task.js';
import { AttemptWriter } from '../../delivery/dispatch/attempt-writer.js';
import { TaskForwarder, type TaskPlacement } from '../../delivery/dispatch/task-forwarder.js';
import type { NextStep } from '../../delivery/retry/retry-policy.js';
import type { OnExhausted } from '../../subscriptions/ordering-setting.js';
import type { ClaimedHead } from '../lane/lane-heads.js';
import { LaneLeasesRepository } from '../lane/lane-leases.repository.js';
import { skippedHeads } from '../ordering-metrics.js';
import { skipRecord } from './head-task.js';

const blocked = counter(
  'hookline_ordered_blocked_total',
  'Ordered keys that blocked: the retries of their next event ran out under on_exhausted "block"',
);
const lost = counter(
  'hookline_ordered_leases_lost_total',
  'Ordered keys whose lease ran out while their attempt was under way (another instance took the key)',
);

/** A disabled subscription's key (disabled during its attempt) is looked at again after this. */
const DISABLED_RECHECK_MS = 1_000;

/** How a head's attempt ended, as dispatch hands it to its placement. */
interface Ended {
  task: DeliveryTaskV2;
  step: NextStep;
  result?: EgressResult;
  trail: readonly AttemptSummary[];
}

/** A placement that also tells the key's next head, when this holder keeps it (see HeadOutcomes.advance). */
export type HeadPlacement = TaskPlacement & { next?: ClaimedHead };

/**
 * Where a key's head goes after its attempt, in place: delivered, the key moves on; to retry, it
 * waits in the key until due (durably: its due time is the key's); exhausted, it is dead-lettered
 * and the key moves on ("skip"), or the key blocks ("block"). The head never leaves its key for a
 * retry tier, which would let a later event of the key overtake it.
 */
@Injectable()
export class HeadOutcomes {
  private readonly log = new Logger('OrderedLane');

  constructor(
    private readonly leases: LaneLeasesRepository,
    private readonly forwarder: TaskForwarder,
    private readonly writer: AttemptWriter,
  ) {}

  /** Where one head goes after its attempt (for DeliveryService.deliverInPlace); keepMs as for advance. */
  placementOf(head: ClaimedHead, onExhausted: OnExhausted, keepMs: number): HeadPlacement {
    const placement: HeadPlacement = {
      forward: async (task, step, result, trail) => {
        placement.next = await this.place(head, onExhausted, keepMs, { task, step, result, trail });
      },
    };
    return placement;
  }

  /**
   * The head is done with (delivered, given up, or found delivered before): the key moves on. With
   * keepMs, its next event (when it has one) stays with this holder and is returned.
   */
  async advance(head: ClaimedHead, keepMs = 0): Promise<ClaimedHead | undefined> {
    const { moved, next } = await retryTransient(() => this.leases.advance(head, keepMs));
    if (!moved) this.leaseLost(head);
    return next;
  }

  private async place(
    head: ClaimedHead,
    onExhausted: OnExhausted,
    keepMs: number,
    ended: Ended,
  ): Promise<ClaimedHead | undefined> {
    const { task, step, result, trail } = ended;
    switch (step.action) {
      case 'done':
        return this.advance(head, keepMs);
      case 'retry':
        // Without a result nothing was sent (the circuit is open): the attempt does not count.
        await this.wait(head, new Date(step.dueAt), result ? task.attempt : head.attempts, trail);
        return undefined;
      case 'park':
        await this.wait(head, new Date(Date.now() + DISABLED_RECHECK_MS), head.attempts, trail);
        return undefined;
      case 'exhausted':
      case 'stop':
        if (onExhausted === 'skip')
          return this.skip(head, keepMs, ended, step.action === 'exhausted' ? 'exhausted' : step.reason);
        await this.block(head, task.attempt, trail);
        return undefined;
    }
  }

  private async wait(head: ClaimedHead, dueAt: Date, attempts: number, trail: readonly AttemptSummary[]) {
    if (!(await retryTransient(() => this.leases.reschedule(head, dueAt, attempts, trail)))) this.leaseLost(head);
  }

  private async block(head: ClaimedHead, attempts: number, trail: readonly AttemptSummary[]): Promise<void> {
    if (!(await retryTransient(() => this.leases.block(head, attempts, trail)))) return this.leaseLost(head);
    blocked.inc();
    this.log.warn(
      `ordered key "${head.orderingKey}" of subscription ${head.subscriptionId} blocked at sequence ${head.sequence}: ` +
        'retries exhausted; it waits for a redrive or a skip of its head',
    );
  }

  /** Dead-lettered first (with the broker's ack), then the skip logged, then the key moves on. */
  private async skip(head: ClaimedHead, keepMs: number, ended: Ended, reason: string) {
    const { task, step, result, trail } = ended;
    await retryTransient(() => this.forwarder.forward(task, step, result, trail));
    const why = `${reason === 'exhausted' ? 'retries exhausted' : reason}: dead-lettered, and the key moved on (on_exhausted: skip)`;
    await retryTransient(() => this.writer.write(skipRecord(task, task.attempt, why)));
    skippedHeads.inc({ reason });
    return this.advance(head, keepMs);
  }

  private leaseLost(head: ClaimedHead): void {
    lost.inc();
    this.log.warn(
      `ordered key "${head.orderingKey}" of subscription ${head.subscriptionId}: lease lost during its attempt`,
    );
  }
}
