/**
 * The wait a Retry-After header asks for, in ms from now: either delay-seconds or an HTTP-date
 * (RFC 9110 §10.2.3). Undefined when absent or unreadable, so the schedule applies; a date in the
 * past means no extra wait (0).
 */
export function parseRetryAfter(value: string | undefined, now: number): number | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // Only the date forms, so that things like "5s" or "-1" are rejected rather than guessed.
  if (!/[A-Za-z]{3}/.test(text)) return undefined;
  const at = Date.parse(text);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - now);
}
