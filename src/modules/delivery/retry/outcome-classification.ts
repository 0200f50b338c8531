import type { EgressOutcome } from '../../../platform/egress/egress-client.js';

/** What an attempt's result means for the task: the rows of "What counts as a failure" in docs/concepts/retries-and-dead-letters.md. */
export type FailureClass =
  /** 2xx: delivered. */
  | 'success'
  /** Non-2xx (3xx included: redirects are not followed), timeouts, connection, TLS and DNS errors. */
  | 'retryable'
  /** 429 and 503: retried, no sooner than the endpoint's Retry-After (clamped). */
  | 'throttled'
  /** 410 Gone: the subscription is disabled at once, no further retries. */
  | 'gone'
  /**
   * The endpoint's credentials failed (no OAuth2 token, a 401 to the credential sent, a refused
   * client certificate): retried on the schedule, but says nothing about the endpoint's health.
   */
  | 'unauthenticated'
  /** The target resolved to an address the egress policy refuses: a configuration error, not retried. */
  | 'blocked';

export interface ClassifiedResult {
  outcome: EgressOutcome;
  status?: number;
}

/** Status codes whose Retry-After is honoured; every other non-2xx is retried on the schedule. */
export const RETRY_AFTER_STATUSES: ReadonlySet<number> = new Set([429, 503]);

export function classifyResult(result: ClassifiedResult): FailureClass {
  if (result.outcome === 'success') return 'success';
  if (result.outcome === 'blocked') return 'blocked';
  if (result.outcome === 'auth_error') return 'unauthenticated';
  if (result.status === 410) return 'gone';
  if (result.status !== undefined && RETRY_AFTER_STATUSES.has(result.status)) return 'throttled';
  return 'retryable';
}

/** Whether the outcome speaks about the endpoint's health (what the circuit breaker counts). */
export function countsAgainstEndpoint(failure: FailureClass): boolean {
  return failure === 'retryable' || failure === 'throttled';
}
