import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { MicroBatcher } from '../../../platform/batching/micro-batcher.js';
import { lowerBoundIso } from '../../../platform/database/time-bound.js';
import { counter } from '../../../platform/telemetry/metrics.js';
import type { DeliveryTaskV1 } from '../delivery-task.js';

/**
 * How far the attempt log's clock may trail the clock that stamped a task's first_attempt_at (two
 * instances): the bound README "Registration is read-your-writes" already assumes.
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

  constructor(private readonly db: DataSource) {
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

  private async lookUp(tasks: DeliveryTaskV1[]): Promise<boolean[]> {
    const rows: { n: string }[] = await this.db.query(
      // Ids compared as text: a malformed id in one task must not fail its batch-mates' question.
      `SELECT x.n FROM unnest($1::text[], $2::text[], $3::text[], $4::timestamptz[]) WITH ORDINALITY AS x(t, s, e, since, n)
        WHERE EXISTS (SELECT 1 FROM delivery_attempts a
                       WHERE a.tenant_id = x.t AND a.event_id = x.e AND a.subscription_id::text = x.s
                         AND a.outcome = 'success' AND a.created_at >= x.since)`,
      [
        tasks.map((t) => t.tenant_id),
        tasks.map((t) => t.subscription_id),
        tasks.map((t) => t.event.id),
        tasks.map((t) => lowerBoundIso(Date.parse(t.first_attempt_at), CLOCK_TOLERANCE_MS)),
      ],
    );
    const found = new Set(rows.map((r) => Number(r.n) - 1));
    return tasks.map((_, i) => found.has(i));
  }
}
