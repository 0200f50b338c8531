export type CircuitState = 'closed' | 'open' | 'half_open';

/** Whether a task may be attempted now: normally, as the one half-open probe, or not at all. */
export type CircuitPermit = 'attempt' | 'probe' | 'skip';

export interface CircuitOptions {
  /** Opens after this many failures in a row; 0 turns the rule off. */
  consecutiveFailures: number;
  /** Opens when failures / attempts in the window reach this ratio (0-1); 0 turns the rule off. */
  failureRatio: number;
  /** The ratio rule needs at least this many attempts in the window. */
  minRequests: number;
  windowMs: number;
  /** How long it stays open before one probe is let through (and how long that probe may take). */
  openMs: number;
}

export interface CircuitSnapshot {
  state: CircuitState;
  consecutive_failures: number;
  window_attempts: number;
  window_failures: number;
  opened_at: string | null;
  next_probe_at: string | null;
  reason: string | null;
  /** The adaptive limit of requests in flight a delivering instance reported last (null: none yet). */
  concurrency_limit: number | null;
  concurrency_reported_at: string | null;
}

const BUCKETS = 10;

/**
 * One subscription's circuit: closed lets everything through; enough failures (in a row, or as a
 * ratio over a sliding window) open it, and while open tasks are not attempted; after openMs a
 * single probe is let through (half-open) whose success closes it and whose failure opens it again.
 * A probe that never reports (its process died) is replaced after another openMs.
 */
export class CircuitBreaker {
  private state: CircuitState = 'closed';
  private consecutive = 0;
  private openedAt = 0;
  private probeStartedAt = 0;
  private reason: string | null = null;
  private readonly buckets = new Map<number, { ok: number; failed: number }>();

  constructor(private readonly options: CircuitOptions) {}

  get enabled(): boolean {
    return this.options.consecutiveFailures > 0 || this.options.failureRatio > 0;
  }

  permit(now: number): CircuitPermit {
    if (this.state === 'closed') return 'attempt';
    const since = this.state === 'open' ? this.openedAt : this.probeStartedAt;
    if (now - since < this.options.openMs) return 'skip';
    this.state = 'half_open';
    this.probeStartedAt = now;
    return 'probe';
  }

  record(success: boolean, now: number): void {
    this.count(success, now);
    if (success) {
      this.consecutive = 0;
      // Any success proves the endpoint answers again, a late one from before the opening too.
      if (this.state !== 'closed') this.close();
      return;
    }
    this.consecutive++;
    if (this.state === 'half_open') return this.open(now, 'half-open probe failed');
    if (this.state === 'open') return;
    const { consecutiveFailures, failureRatio, minRequests } = this.options;
    if (consecutiveFailures > 0 && this.consecutive >= consecutiveFailures)
      return this.open(now, `${this.consecutive} consecutive failures`);
    const { attempts, failures } = this.totals(now);
    if (failureRatio > 0 && attempts >= Math.max(1, minRequests) && failures / attempts >= failureRatio)
      this.open(now, `${failures} of ${attempts} attempts failed in ${this.options.windowMs} ms`);
  }

  /** True when nothing about it is worth keeping (closed, no recent failures). */
  idle(now: number): boolean {
    return this.state === 'closed' && this.consecutive === 0 && this.totals(now).failures === 0;
  }

  snapshot(now: number): CircuitSnapshot {
    const { attempts, failures } = this.totals(now);
    const open = this.state !== 'closed';
    const probeAt = (this.state === 'open' ? this.openedAt : this.probeStartedAt) + this.options.openMs;
    return {
      state: this.state,
      consecutive_failures: this.consecutive,
      window_attempts: attempts,
      window_failures: failures,
      opened_at: open ? new Date(this.openedAt).toISOString() : null,
      next_probe_at: open ? new Date(Math.max(now, probeAt)).toISOString() : null,
      reason: open ? this.reason : null,
      // Reported through the shared row only.
      concurrency_limit: null,
      concurrency_reported_at: null,
    };
  }

  private open(now: number, reason: string): void {
    this.state = 'open';
    this.openedAt = now;
    this.reason = reason;
  }

  private close(): void {
    this.state = 'closed';
    this.reason = null;
    this.buckets.clear();
  }

  private bucketMs(): number {
    return Math.max(1, Math.floor(this.options.windowMs / BUCKETS));
  }

  private count(success: boolean, now: number): void {
    const key = Math.floor(now / this.bucketMs());
    for (const k of this.buckets.keys()) if (k <= key - BUCKETS) this.buckets.delete(k);
    const bucket = this.buckets.get(key) ?? { ok: 0, failed: 0 };
    if (success) bucket.ok++;
    else bucket.failed++;
    this.buckets.set(key, bucket);
  }

  private totals(now: number): { attempts: number; failures: number } {
    const oldest = Math.floor(now / this.bucketMs()) - BUCKETS + 1;
    let attempts = 0;
    let failures = 0;
    for (const [k, b] of this.buckets) {
      if (k < oldest) continue;
      attempts += b.ok + b.failed;
      failures += b.failed;
    }
    return { attempts, failures };
  }
}
