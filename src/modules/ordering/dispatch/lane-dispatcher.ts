import { randomUUID } from 'node:crypto';
import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { ShutdownDeadline } from '../../../platform/lifecycle/shutdown-deadline.js';
import { AppConfig } from '../../../platform/config/app-config.js';
import { FailureLog } from '../../../platform/logging/failure-log.js';
import { gauge } from '../../../platform/telemetry/metrics.js';
import { DeliveryService } from '../../delivery/dispatch/delivery.service.js';
import { SubscriptionPressure } from '../../delivery/pressure/subscription-pressure.js';
import { MatchingService } from '../../matching/matching.service.js';
import type { ClaimedHead } from '../lane/lane-heads.js';
import { LaneLeasesRepository, type Quota } from '../lane/lane-leases.repository.js';
import { HeadOutcomes } from './head-outcomes.js';
import { headTask } from './head-task.js';

/** Between a key's end and the claim it triggers: the ends of a burst share one claim. */
const WAKE_DELAY_MS = 2;
/**
 * Events a key sends in a row without a claim: its next event stays with the instance that moved it
 * on (no claim round between two events of a busy key), up to this many, and then goes back among
 * the due keys, so that a key with a backlog takes no more than its turn.
 */
const RUN_PER_CLAIM = 16;
/**
 * While claiming fails (Postgres down), the claims' backoff: the first retry after this, doubling
 * up to CLAIM_RETRY_MAX_MS, instead of ORDERED_POLL_MS (100 ms) rounds each logging the failure.
 */
const CLAIM_RETRY_FIRST_MS = 1_000;
const CLAIM_RETRY_MAX_MS = 10_000;

/**
 * The most keys one tenant may hold on an instance: all but an eighth of ORDERED_CONCURRENCY, so
 * that another tenant's keys always find room however many slow keys the first one has.
 */
export const tenantCap = (concurrency: number) => Math.max(1, concurrency - Math.floor(concurrency / 8));

function count(counts: Map<string, number>, id: string, by: number): void {
  const n = (counts.get(id) ?? 0) + by;
  if (n > 0) counts.set(id, n);
  else counts.delete(id);
}

/**
 * The ordered lane's dispatcher: claims due keys (tenants in turn, oldest due first within each, each subscription within its
 * adaptive request limit, ORDERED_CONCURRENCY in all), sends each key's head through the dispatch
 * flow in place, and renews the leases of the keys it holds. Waiting keys stay in Postgres; only
 * the keys in flight are in memory. docs/design/ordered-delivery.md.
 */
@Injectable()
export class LaneDispatcher implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly log = new Logger('OrderedLane');
  /** The keys held, by `${subscription} ${key}`. */
  private readonly held = new Map<string, ClaimedHead>();
  private readonly perSubscription = new Map<string, number>();
  private readonly perTenant = new Map<string, number>();
  private timer?: NodeJS.Timeout;
  private renewal?: NodeJS.Timeout;
  private claiming = false;
  private again = false;
  private stopping = false;
  private readonly running = new Set<Promise<void>>();
  private readonly claimFailures: FailureLog;
  private readonly renewalFailures: FailureLog;

  constructor(
    private readonly config: AppConfig,
    private readonly leases: LaneLeasesRepository,
    private readonly deliveries: DeliveryService,
    private readonly outcomes: HeadOutcomes,
    private readonly pressure: SubscriptionPressure,
    private readonly matching: MatchingService,
    private readonly deadline: ShutdownDeadline,
  ) {
    this.claimFailures = new FailureLog(this.log, {
      failing: 'claiming ordered keys failed',
      recovered: 'claiming ordered keys works again',
      firstDelayMs: Math.max(config.ordered.pollMs, CLAIM_RETRY_FIRST_MS),
      maxDelayMs: Math.max(config.ordered.pollMs, CLAIM_RETRY_MAX_MS),
    });
    // Renewals keep their interval; only their log lines are once per change.
    this.renewalFailures = new FailureLog(this.log, {
      failing: "renewing ordered keys' leases failed",
      recovered: "renewing ordered keys' leases works again",
      firstDelayMs: this.renewEveryMs,
      maxDelayMs: this.renewEveryMs,
    });
    gauge('hookline_ordered_keys_in_flight', 'Ordered keys this instance is sending the next event of', [], (g) =>
      g.set(this.held.size),
    );
  }

  onApplicationBootstrap(): void {
    this.schedule(0);
    this.renewal = setInterval(() => void this.renew(), this.renewEveryMs);
  }

  /** Three renewals within a lease's term. */
  private get renewEveryMs(): number {
    return Math.floor(this.config.ordered.leaseMs / 3);
  }

  /**
   * Stops claiming and waits, within the stop's deadline (SHUTDOWN_TIMEOUT_MS, when their requests
   * are cut and recorded), for the heads in flight; the others' leases run out.
   */
  async onModuleDestroy(): Promise<void> {
    this.stopping = true;
    clearTimeout(this.timer);
    clearInterval(this.renewal);
    await this.deadline.within(Promise.all([...this.running]));
  }

  /**
   * Something became due (a key moved on, settling woke keys): claim soon rather than at the next
   * poll, unless claiming is failing: the next attempt waits for its backoff.
   */
  wake(): void {
    if (this.claimFailures.failing) return;
    if (this.claiming) this.again = true;
    else this.schedule(WAKE_DELAY_MS);
  }

  private schedule(delayMs: number): void {
    if (this.stopping) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.claimRound(), delayMs);
  }

  private async claimRound(): Promise<void> {
    if (this.claiming || this.stopping) return;
    this.claiming = true;
    let delay = this.config.ordered.pollMs;
    try {
      this.again = false;
      const free = this.config.ordered.concurrency - this.held.size;
      if (free > 0) {
        const quotas = this.quotas(await this.leases.scheduledSubscriptions());
        const token = randomUUID();
        const shares = { held: this.perTenant, cap: tenantCap(this.config.ordered.concurrency) };
        const claimed = await this.leases.claim(quotas, free, this.config.ordered.leaseMs, token, shares);
        claimed.forEach((head) => this.start(head));
        // As many as asked for: more may be due already.
        if (claimed.length > 0 && claimed.length === free) delay = 0;
      }
      this.claimFailures.succeeded();
    } catch (error) {
      delay = this.claimFailures.failed(error);
      this.again = false;
    } finally {
      this.claiming = false;
      this.schedule(this.again ? WAKE_DELAY_MS : delay);
    }
  }

  /** Each subscription's room: its adaptive request limit less the keys of it held here. */
  private quotas(subscriptions: string[]): Quota[] {
    return subscriptions
      .map((id) => ({ subscriptionId: id, free: this.pressure.limitOf(id) - (this.perSubscription.get(id) ?? 0) }))
      .filter((q) => q.free > 0);
  }

  private start(head: ClaimedHead): void {
    const id = `${head.subscriptionId} ${head.orderingKey}`;
    this.held.set(id, head);
    count(this.perSubscription, head.subscriptionId, 1);
    count(this.perTenant, head.tenantId, 1);
    const run = this.send(head).finally(() => {
      this.held.delete(id);
      count(this.perSubscription, head.subscriptionId, -1);
      count(this.perTenant, head.tenantId, -1);
      this.running.delete(run);
      this.wake();
    });
    this.running.add(run);
  }

  /** The key's heads one after another, while it keeps its next one (up to RUN_PER_CLAIM). */
  private async send(first: ClaimedHead): Promise<void> {
    const id = `${first.subscriptionId} ${first.orderingKey}`;
    let head: ClaimedHead | undefined = first;
    for (let run = 1; head; run++) {
      const keepMs = run < RUN_PER_CLAIM && !this.stopping ? this.config.ordered.leaseMs : 0;
      head = await this.sendOne(head, keepMs);
      if (head && this.stopping) {
        await this.leases.release(head).catch(() => undefined);
        return;
      }
      if (head) this.held.set(id, head);
    }
  }

  /** One attempt of the head (or its skip), then the key's next state; a failure leaves the lease to run out. */
  private async sendOne(head: ClaimedHead, keepMs: number): Promise<ClaimedHead | undefined> {
    try {
      if (!head.event) {
        this.log.warn(`ordered key "${head.orderingKey}" of ${head.subscriptionId}: no event at ${head.sequence}`);
        return await this.outcomes.advance(head, keepMs);
      }
      const subscription = await this.matching.find(head.tenantId, head.subscriptionId);
      const placement = this.outcomes.placementOf(head, subscription?.ordering?.on_exhausted ?? 'skip', keepMs);
      const outcome = await this.deliveries.deliverInPlace(
        headTask({ ...head, event: head.event }),
        head.history,
        placement,
      );
      // Found delivered before (a replay), or the subscription is gone: nothing to send, the key moves on.
      if (outcome === 'skipped') return await this.outcomes.advance(head, keepMs);
      return placement.next;
    } catch (error) {
      this.log.warn(`ordered key "${head.orderingKey}" of ${head.subscriptionId}: ${String(error)}`);
      return undefined;
    }
  }

  private async renew(): Promise<void> {
    try {
      await this.leases.renew([...this.held.values()], this.config.ordered.leaseMs);
      this.renewalFailures.succeeded();
    } catch (error) {
      this.renewalFailures.failed(error);
    }
  }
}
