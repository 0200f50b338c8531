import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { AppConfig } from '../../../platform/config/app-config.js';
import { counter, gauge } from '../../../platform/telemetry/metrics.js';
import { CircuitBreaker, type CircuitOptions, type CircuitPermit, type CircuitSnapshot } from './circuit-breaker.js';
import { CircuitStore, type CircuitRow } from './circuit-store.js';
import { circuitOptionsFrom } from './failure-options.js';
import { openReason, snapshotOf } from './circuit-rules.js';

const transitions = counter('hookline_circuit_transitions_total', 'Circuit breaker state changes', ['state']);
const fallbacks = counter(
  'hookline_circuit_local_fallbacks_total',
  'Circuit decisions taken from this instance alone because Postgres did not answer',
);

/** After a failed statement, the shared rows are left alone this long (each instance judges alone). */
const DB_PAUSE_MS = 5000;
/** A probe that another instance holds is asked for again at most this often. */
const CLAIM_EVERY_MS = 250;

interface Activity {
  tenantId: string;
  lastAt: number;
  /** Successes not yet counted in the shared row (written with the next failure or sync). */
  pendingOk: number;
  pendingSince: number;
}

/**
 * Subscriptions' circuits, shared by every instance of the deployment through subscription_circuits
 * (CircuitStore): a failure is one atomic upsert, so failures count across instances; a success
 * costs nothing while its circuit is clean. Each instance reads the rows of the subscriptions it
 * delivers to every CIRCUIT_SYNC_MS, and from every row a statement returns, so permit() is a map
 * lookup. While Postgres does not answer, each instance decides from its own attempts (a local
 * CircuitBreaker fed all along), as every instance did before circuits were shared.
 */
@Injectable()
export class CircuitBreakers implements OnModuleDestroy {
  private readonly options: CircuitOptions;
  private readonly rows = new Map<string, CircuitRow & { claimAfter?: number }>();
  private readonly active = new Map<string, Activity>();
  private readonly local = new Map<string, CircuitBreaker>();
  private dbPausedUntil = 0;
  private readonly timer: NodeJS.Timeout;
  private readonly log = new Logger('Circuit');

  constructor(
    private readonly store: CircuitStore,
    config: AppConfig,
  ) {
    this.options = circuitOptionsFrom(config);
    gauge('hookline_circuit_breakers', 'Circuits this instance follows, by state', ['state'], (g) => {
      const counts: Record<string, number> = { closed: 0, open: 0, half_open: 0 };
      for (const row of this.rows.values()) counts[row.state]++;
      for (const [state, n] of Object.entries(counts)) g.set({ state }, n);
    });
    this.timer = setInterval(() => void this.sync(), config.circuit.syncMs);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }

  get enabled(): boolean {
    return this.options.consecutiveFailures > 0 || this.options.failureRatio > 0;
  }

  async permit(tenantId: string, subscriptionId: string, now = Date.now()): Promise<CircuitPermit> {
    if (!this.enabled) return 'attempt';
    this.touch(tenantId, subscriptionId, now);
    if (now < this.dbPausedUntil) return this.localPermit(subscriptionId, now);
    const row = this.rows.get(subscriptionId);
    if (!row || row.state === 'closed') return 'attempt';
    const since = (row.state === 'open' ? row.openedAt : row.probeStartedAt) ?? 0;
    if (now - since < this.options.openMs || now < (row.claimAfter ?? 0)) return 'skip';
    row.claimAfter = now + CLAIM_EVERY_MS;
    const probe = async (): Promise<CircuitPermit> => {
      const claimed = await this.store.claimProbe(tenantId, subscriptionId, this.options.openMs);
      if (!claimed) {
        this.keep((await this.store.find(tenantId, subscriptionId)) ?? undefined, subscriptionId, now);
        return 'skip';
      }
      this.keep(claimed, subscriptionId, now);
      this.log.log(`subscription ${subscriptionId}: half-open, probing`);
      return 'probe';
    };
    return this.shared('probe', now, probe, () => this.localPermit(subscriptionId, now));
  }

  /** Counts one attempt's result; `success` false only for outcomes that speak about the endpoint. */
  async record(tenantId: string, subscriptionId: string, success: boolean, now = Date.now()): Promise<void> {
    if (!this.enabled) return;
    this.recordLocally(subscriptionId, success, now);
    const activity = this.touch(tenantId, subscriptionId, now);
    const row = this.rows.get(subscriptionId);
    if (success && (!row || clean(row))) {
      activity.pendingOk++;
      return;
    }
    if (now < this.dbPausedUntil) return;
    const successes = activity.pendingOk + (success ? 1 : 0);
    activity.pendingOk = 0;
    activity.pendingSince = now;
    const write = async () => {
      if (success) return this.closeWith(tenantId, subscriptionId, successes, now);
      const counted = await this.store.recordFailure(tenantId, subscriptionId, successes, this.options.windowMs);
      this.keep(counted, subscriptionId, now);
      const from = counted.state;
      const reason = from === 'half_open' ? 'half-open probe failed' : openReason(counted, this.options);
      if (from === 'open' || !reason) return;
      const opened = await this.store.open(tenantId, subscriptionId, from, reason);
      if (opened) this.transitioned(subscriptionId, opened, now);
    };
    await this.shared('record', now, write, () => undefined);
  }

  /** The circuit of a subscription as the API shows it: the shared row (closed when there is none). */
  async describe(tenantId: string, subscriptionId: string, now = Date.now()): Promise<CircuitSnapshot> {
    return snapshotOf(await this.store.find(tenantId, subscriptionId), this.options, now);
  }

  private async closeWith(tenantId: string, id: string, successes: number, now: number): Promise<void> {
    const before = this.rows.get(id)?.state;
    const row = await this.store.recordSuccesses(tenantId, id, successes, this.options.windowMs);
    if (row && before && before !== 'closed') this.transitioned(id, row, now);
    else this.keep(row ?? undefined, id, now);
  }

  /** Reads the rows of subscriptions delivered to within the window; writes successes they wait for. */
  private async sync(now = Date.now()): Promise<void> {
    for (const [id, a] of this.active) {
      if (now - a.lastAt > this.options.windowMs) this.active.delete(id);
    }
    const ids = [...this.active.keys()];
    if (ids.length === 0 || now < this.dbPausedUntil) return;
    const read = async () => {
      const found = await this.store.findMany(ids.map((id) => ({ tenantId: this.active.get(id)!.tenantId, id })));
      const byId = new Map(found.map((r) => [r.subscriptionId, r]));
      for (const id of ids) this.keep(byId.get(id), id, now);
      for (const row of found) {
        const a = this.active.get(row.subscriptionId);
        if (!a || a.pendingOk === 0 || clean(row)) continue;
        const n = a.pendingOk;
        a.pendingOk = 0;
        await this.closeWith(row.tenantId, row.subscriptionId, n, now);
      }
    };
    await this.shared('sync', now, read, () => undefined);
  }

  /** Runs statements on the shared rows; when Postgres fails, pauses them and answers `fallback()`. */
  private async shared<T>(what: string, now: number, fn: () => Promise<T>, fallback: () => T): Promise<T> {
    try {
      return await fn();
    } catch (error) {
      this.dbPausedUntil = now + DB_PAUSE_MS;
      fallbacks.inc();
      this.log.warn(`shared circuit state unavailable (${what}), deciding locally for a while: ${String(error)}`);
      return fallback();
    }
  }

  private keep(row: CircuitRow | undefined, id: string, now: number): void {
    const held = this.rows.get(id);
    if (!row) return void this.rows.delete(id);
    if (held && held.state !== row.state) this.noteTransition(id, row);
    this.rows.set(id, { ...row, claimAfter: held?.state === row.state ? held.claimAfter : undefined });
    if (clean(row) && now - row.windowStartedAt > this.options.windowMs) this.rows.delete(id);
  }

  private transitioned(id: string, row: CircuitRow, now: number): void {
    transitions.inc({ state: row.state });
    this.rows.delete(id);
    this.keep(row, id, now);
    this.noteTransition(id, row);
  }

  private noteTransition(id: string, row: CircuitRow): void {
    this.log.warn(`subscription ${id}: circuit ${row.state}${row.reason ? ` (${row.reason})` : ''}`);
  }

  private touch(tenantId: string, id: string, now: number): Activity {
    let a = this.active.get(id);
    if (!a) this.active.set(id, (a = { tenantId, lastAt: now, pendingOk: 0, pendingSince: now }));
    a.lastAt = now;
    // Successes older than the window no longer belong in its ratio.
    if (now - a.pendingSince > this.options.windowMs) {
      a.pendingOk = 0;
      a.pendingSince = now;
    }
    return a;
  }

  private localPermit(id: string, now: number): CircuitPermit {
    return this.local.get(id)?.permit(now) ?? 'attempt';
  }

  private recordLocally(id: string, success: boolean, now: number): void {
    let breaker = this.local.get(id);
    if (!breaker) {
      if (success) return;
      this.local.set(id, (breaker = new CircuitBreaker(this.options)));
    }
    breaker.record(success, now);
    if (breaker.idle(now)) this.local.delete(id);
  }
}

/** Nothing to reset: closed, no failure in a row, none in the window. */
function clean(row: CircuitRow): boolean {
  return row.state === 'closed' && row.consecutiveFailures === 0 && row.windowFailures === 0;
}
