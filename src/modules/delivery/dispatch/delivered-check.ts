import { Injectable } from '@nestjs/common';
import { MicroBatcher } from '../../../platform/batching/micro-batcher.js';
import { lowerBoundIso } from '../../../platform/database/time-bound.js';
import { counter } from '../../../platform/telemetry/metrics.js';
import { AttemptLog } from '../attempt-log/attempt-log.js';
import type { DeliveryTaskV1 } from '../delivery-task.js';

/**
 * How far the attempt log's clock may trail the clock that stamped a task's first_attempt_at (two
 * instances): the bound docs/design/read-your-writes.md already assumes.
 */
const CLOCK_TOLERANCE_MS = 1_000;

const checks = counter(
  'hookline_delivery_replay_checks_total',
  'Re-read tasks checked against the attempt log before sending; result="delivered" were not sent again',
  ['result'],
);

/**
 * Whether a task that may be a replay (read again after a crash or a rebalance, or fanned out again
 * from a re-read ingest record) already reached its endpoint: a successful attempt on record for
 * its tenant, subscription and event since its delivery began. Asked only for such tasks, never for
 * the steady stream; concurrent questions share one query.
 */
@Injectable()
export class DeliveredCheck {
  private readonly batcher: MicroBatcher<DeliveryTaskV1, boolean>;

  constructor(private readonly log: AttemptLog) {
    this.batcher = new MicroBatcher((tasks) => this.lookUp(tasks), {
      maxItems: 500,
      maxDelayMs: 2,
      maxConcurrentFlushes: 2,
    });
  }

  /** True when the task's event already reached its subscription (a manual resend counts from its request). */
  async delivered(task: DeliveryTaskV1): Promise<boolean> {
    const found = await this.batcher.add(task);
    checks.inc({ result: found ? 'delivered' : 'not_delivered' });
    return found;
  }

  private lookUp(tasks: DeliveryTaskV1[]): Promise<boolean[]> {
    return this.log.succeeded(
      tasks.map((t) => ({
        tenantId: t.tenant_id,
        subscriptionId: t.subscription_id,
        eventId: t.event.id,
        since: lowerBoundIso(Date.parse(t.first_attempt_at), CLOCK_TOLERANCE_MS),
      })),
    );
  }
}
