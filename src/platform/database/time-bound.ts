/**
 * `ms` less `toleranceMs`, as a query's lower bound on a timestamp column: the epoch when no Date
 * can hold it (an unreadable or out-of-range input), so the bound widens instead of failing the
 * query that a whole batch shares.
 */
export function lowerBoundIso(ms: number, toleranceMs: number): string {
  const at = new Date(ms - toleranceMs);
  return Number.isNaN(at.getTime()) ? new Date(0).toISOString() : at.toISOString();
}
