import type { CircuitOptions, CircuitSnapshot } from './circuit-breaker.js';
import type { CircuitRow } from './circuit-store.js';

/**
 * Why a closed circuit with these shared counts opens, or null while it stays closed. The reason names
 * the threshold crossed, not the count: instances count at once, so the one that opens may have read
 * a count already past it.
 */
export function openReason(row: CircuitRow, options: CircuitOptions): string | null {
  const { consecutiveFailures, failureRatio, minRequests, windowMs } = options;
  if (consecutiveFailures > 0 && row.consecutiveFailures >= consecutiveFailures)
    return `${consecutiveFailures} consecutive failures`;
  const attempts = row.windowAttempts;
  const failures = row.windowFailures;
  if (failureRatio > 0 && attempts >= Math.max(1, minRequests) && failures / attempts >= failureRatio)
    return `${failures} of ${attempts} attempts failed in ${windowMs} ms`;
  return null;
}

/** A shared row as the API shows it; no row is a closed circuit with nothing counted. */
export function snapshotOf(row: CircuitRow | null, options: CircuitOptions, now: number): CircuitSnapshot {
  if (!row) {
    return {
      state: 'closed',
      consecutive_failures: 0,
      window_attempts: 0,
      window_failures: 0,
      opened_at: null,
      next_probe_at: null,
      reason: null,
      concurrency_limit: null,
      concurrency_reported_at: null,
    };
  }
  const inWindow = now - row.windowStartedAt < options.windowMs;
  const open = row.state !== 'closed';
  const since = (row.state === 'open' ? row.openedAt : row.probeStartedAt) ?? now;
  return {
    state: row.state,
    consecutive_failures: row.consecutiveFailures,
    window_attempts: inWindow ? row.windowAttempts : 0,
    window_failures: inWindow ? row.windowFailures : 0,
    opened_at: open && row.openedAt ? new Date(row.openedAt).toISOString() : null,
    next_probe_at: open ? new Date(Math.max(now, since + options.openMs)).toISOString() : null,
    reason: open ? row.reason : null,
    concurrency_limit: row.concurrencyLimit,
    concurrency_reported_at: row.concurrencyReportedAt ? new Date(row.concurrencyReportedAt).toISOString() : null,
  };
}
