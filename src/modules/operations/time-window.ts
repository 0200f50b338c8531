const DAY_MS = 86_400_000;

export interface WindowRules {
  /** Oldest start selected, in days before now (what retention keeps). */
  retentionDays?: number;
}

/**
 * Resolves a time window of a request. The end defaults to now and is never later than now (so an
 * operation's selection is fixed when it is requested, and a retry selects the same); with
 * retentionDays the start is never earlier than what is still stored. A start at or after the end
 * is an empty window: it selects nothing, as a filter `from ≤ t < to` does (Stripe's and Svix's
 * lists answer the same), and the operation's parameters show the window it used. Every
 * date-time the document allows is thus accepted; no rule here needs words beside the schema.
 */
export function resolveWindow(
  start: string | undefined,
  end: string | undefined,
  rules: WindowRules = {},
  now = new Date(),
): { start: string | null; end: string } {
  const endAt = end === undefined ? now.getTime() : Math.min(Date.parse(end), now.getTime());
  if (start === undefined) return { start: null, end: new Date(endAt).toISOString() };
  const oldest = rules.retentionDays ? now.getTime() - rules.retentionDays * DAY_MS : -Infinity;
  const startAt = Math.min(Math.max(Date.parse(start), oldest), endAt);
  return { start: new Date(startAt).toISOString(), end: new Date(endAt).toISOString() };
}
