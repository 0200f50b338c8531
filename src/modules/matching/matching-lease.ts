import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { gauge } from '../../platform/telemetry/metrics.js';
import { TopicNames } from '../../topology.js';
import { MatchingLeases } from '../subscriptions/matching-leases.js';
import { ChangelogFreshness } from './changelog-freshness.js';

const LEASE_MS = 5_000;
const RENEW_EVERY_MS = 1_000;
/** Taken off the lease locally: the renewal's round trip and clock drift against the database. */
const SAFETY_MS = 1_000;

/**
 * This ingest instance's matching lease (MatchingLeases): while it holds one, writers wait until it
 * has applied their changes, so events are matched without waiting for a fresh table. It renews
 * every second after showing its table fresh (a stuck changelog consumer lets the lease lapse, and
 * events wait again), and right after each applied record (so a waiting writer hears of it at once).
 */
@Injectable()
export class MatchingLease implements OnModuleDestroy {
  readonly instanceId = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly topic: string;
  private readonly log = new Logger('MatchingLease');
  /** Local time the lease runs out, with SAFETY_MS to spare. */
  private validUntil = 0;
  /** Local time the held lease was taken: writers before it did not wait for this instance. */
  private takenAt = Number.POSITIVE_INFINITY;
  private timer?: NodeJS.Timeout;
  private renewal: Promise<void> = Promise.resolve();
  private renewalQueued = false;
  private showingFresh = false;
  /** Renewals are failing (warned once, not every second). */
  private failing = false;
  private closed = false;

  constructor(
    private readonly freshness: ChangelogFreshness,
    private readonly leases: MatchingLeases,
    topics: TopicNames,
  ) {
    this.topic = topics.subscriptions;
    gauge(
      'hookline_matching_lease_held',
      'Whether this instance matches events without waiting (1) or not (0)',
      [],
      (g) => g.set(this.covers(Date.now()) ? 1 : 0),
    );
  }

  /** Takes a lease and keeps it (the instance ingests events). */
  hold(): void {
    if (this.timer || this.closed) return;
    this.freshness.onApplied(() => this.renewSoon());
    this.timer = setInterval(() => void this.renewWhenFresh(), RENEW_EVERY_MS);
    this.timer.unref();
    void this.renewWhenFresh();
  }

  /** Whether an event may be matched now without waiting: every writer waits for this instance. */
  covers(now: number): boolean {
    return now < this.validUntil && this.freshness.caughtUpAsOf >= this.takenAt;
  }

  async onModuleDestroy(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    this.validUntil = 0;
    await this.renewal;
    if (this.timer) await this.leases.release(this.instanceId).catch(() => undefined);
  }

  /** Renews once the table is shown fresh as of now; not at all while it cannot be (within the lease). */
  private async renewWhenFresh(): Promise<void> {
    if (this.showingFresh || this.closed) return;
    this.showingFresh = true;
    if (await this.freshness.freshWithin(Date.now(), LEASE_MS - SAFETY_MS)) this.renewSoon();
    this.showingFresh = false;
  }

  /** One renewal at a time; requests made while one is waiting to start share it. */
  private renewSoon(): void {
    if (this.renewalQueued || this.closed) return;
    this.renewalQueued = true;
    this.renewal = this.renewal.then(() => {
      this.renewalQueued = false;
      return this.renew();
    });
  }

  private async renew(): Promise<void> {
    if (this.closed) return;
    const sentAt = Date.now();
    try {
      const taken = await this.leases.renew(this.instanceId, this.topic, this.freshness.appliedPositions, LEASE_MS);
      if (this.closed) return;
      if (taken) {
        this.takenAt = Date.now();
        void this.freshness.ensureFreshAsOf(this.takenAt).catch(() => undefined);
      }
      this.validUntil = sentAt + LEASE_MS - SAFETY_MS;
      if (this.failing) this.log.log('matching lease renewed again');
      this.failing = false;
    } catch (error) {
      if (!this.failing)
        this.log.warn(`cannot renew the matching lease, events wait for a fresh table: ${String(error)}`);
      this.failing = true;
    }
  }
}
