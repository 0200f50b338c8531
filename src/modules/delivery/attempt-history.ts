/** Header that carries a task's attempt history from tier to tier and into the DLQ. */
export const ATTEMPTS_HEADER = 'hookline-attempts';

/** One attempt, or one step taken without an attempt (circuit open), in a task's history. */
export interface AttemptSummary {
  /** Attempt number. */
  n: number;
  /** When it was made (ISO 8601). */
  at: string;
  /** The egress outcome; `circuit_open` or `disabled` when the task moved on without an attempt. */
  outcome: string;
  status?: number;
}

/** Bounded so that a header never grows past a few KiB, however many times a task is redriven. */
const MAX_ENTRIES = 25;

export function readHistory(headers: Record<string, string>): AttemptSummary[] {
  const text = headers[ATTEMPTS_HEADER];
  if (!text) return [];
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed.filter(isSummary) : [];
  } catch {
    return [];
  }
}

export function appendHistory(history: readonly AttemptSummary[], entry: AttemptSummary): AttemptSummary[] {
  return [...history, entry].slice(-MAX_ENTRIES);
}

export function encodeHistory(history: readonly AttemptSummary[]): string {
  return JSON.stringify(history);
}

/** One line for the DLQ detail and logs: "3 attempts: #1 http_error 500, #2 timeout, #3 http_error 503". */
export function describeHistory(history: readonly AttemptSummary[]): string {
  const tried = history.filter(wasAttempted).length;
  const items = history.map((h) => `#${h.n} ${h.outcome}${h.status === undefined ? '' : ` ${h.status}`}`);
  return `${tried} attempt${tried === 1 ? '' : 's'}: ${items.join(', ')}`;
}

function isSummary(value: unknown): value is AttemptSummary {
  const v = value as AttemptSummary;
  return typeof v === 'object' && v !== null && typeof v.n === 'number' && typeof v.outcome === 'string';
}

/** The history entry for attempt `n`, made at `at`. */
export function summarizeAttempt(n: number, result: { outcome: string; status?: number }, at: number): AttemptSummary {
  const entry: AttemptSummary = { n, at: new Date(at).toISOString(), outcome: result.outcome };
  if (result.status !== undefined) entry.status = result.status;
  return entry;
}

/** The history entry for a task that moved on without an attempt: parked (disabled) or circuit open. */
export function summarizeSkip(n: number, step: { action: string }, at: number): AttemptSummary {
  return { n, at: new Date(at).toISOString(), outcome: step.action === 'park' ? 'disabled' : 'circuit_open' };
}

export const wasAttempted = (entry: AttemptSummary) => entry.outcome !== 'circuit_open' && entry.outcome !== 'disabled';
