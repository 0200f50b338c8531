import { Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { counter, histogram } from '../../platform/telemetry/metrics.js';

/** Per changelog partition, the offset after the last record applied (or to be applied). */
export type ChangelogPositions = ReadonlyMap<number, number>;

/** How long a writer waits for a lagging matcher at most before it answers anyway. */
export const MAX_ACKNOWLEDGEMENT_WAIT_MS = 10_000;
const FIRST_POLL_MS = 5;
const LONGEST_POLL_MS = 50;

const acknowledged = histogram(
  'hookline_subscription_change_acknowledgement_seconds',
  'How long a subscription change waited for every leased ingest instance to apply it',
  ['outcome'],
  [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
);
const unacknowledged = counter(
  'hookline_subscription_change_unacknowledged_total',
  'Subscription changes answered before every leased ingest instance had applied them',
);

interface LeaseRow {
  instance_id: string;
  positions: Record<string, number>;
}

/**
 * The ingest instances that match without waiting, and how far each has read the subscription
 * changelog. An instance holds a lease while it keeps showing its table fresh; a writer answers a
 * change once every leaseholder of the changelog has applied it, or the lease of one that has not
 * has run out. `leased_since` moves whenever a lapsed lease is taken again: the instance then
 * waits for a fresh table before it matches without waiting, since writers did not wait for it.
 */
@Injectable()
export class MatchingLeases {
  private readonly log = new Logger('MatchingLeases');

  constructor(private readonly db: DataSource) {}

  /** Holds or extends the lease; true when it was taken anew (none held, or it had lapsed). */
  async renew(instanceId: string, topic: string, positions: ChangelogPositions, leaseMs: number): Promise<boolean> {
    const rows: { taken: boolean }[] = await this.db.query(
      `INSERT INTO matching_leases AS l (instance_id, changelog_topic, positions, leased_since, lease_until)
       VALUES ($1, $2, $3, now(), now() + $4 * interval '1 millisecond')
       ON CONFLICT (instance_id) DO UPDATE SET
         positions = EXCLUDED.positions,
         lease_until = EXCLUDED.lease_until,
         leased_since = CASE WHEN l.lease_until > now() THEN l.leased_since ELSE now() END
       RETURNING leased_since = now() AS taken`,
      [instanceId, topic, JSON.stringify(Object.fromEntries(positions)), leaseMs],
    );
    return rows[0].taken;
  }

  async release(instanceId: string): Promise<void> {
    await this.db.query(`DELETE FROM matching_leases WHERE instance_id = $1`, [instanceId]);
  }

  /**
   * Resolves once every instance holding a lease on `topic` has applied the records below
   * `targets`, or its lease ran out; answers anyway after MAX_ACKNOWLEDGEMENT_WAIT_MS (logged).
   */
  async awaitApplied(
    topic: string,
    targets: ChangelogPositions,
    maxWaitMs = MAX_ACKNOWLEDGEMENT_WAIT_MS,
  ): Promise<void> {
    if (targets.size === 0) return;
    const started = Date.now();
    for (let pause = FIRST_POLL_MS; ; pause = Math.min(pause * 2, LONGEST_POLL_MS)) {
      const lagging = (await this.leaseholders(topic)).filter((row) => !hasApplied(row.positions, targets));
      if (lagging.length === 0) return acknowledged.observe({ outcome: 'applied' }, (Date.now() - started) / 1000);
      if (Date.now() - started >= maxWaitMs) {
        unacknowledged.inc();
        acknowledged.observe({ outcome: 'timed_out' }, (Date.now() - started) / 1000);
        const names = lagging.map((row) => row.instance_id).join(', ');
        return this.log.warn(`answering a subscription change that ${names} has not applied yet`);
      }
      await new Promise((r) => setTimeout(r, pause));
    }
  }

  private leaseholders(topic: string): Promise<LeaseRow[]> {
    return this.db.query(
      `SELECT instance_id, positions FROM matching_leases WHERE changelog_topic = $1 AND lease_until > now()`,
      [topic],
    );
  }
}

function hasApplied(positions: Record<string, number>, targets: ChangelogPositions): boolean {
  return [...targets].every(([partition, target]) => (positions[String(partition)] ?? 0) >= target);
}
