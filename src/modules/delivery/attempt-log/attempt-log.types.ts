/** What the delivery log may filter attempts by. */
export interface AttemptFilter {
  outcome?: string;
  statusCode?: number;
  eventType?: string;
  eventId?: string;
  from?: Date;
  to?: Date;
  /** Keyset position: strictly older than this (created_at, id). */
  before?: { createdAt: Date; id: string };
}

/** An attempt as the attempt log reads it back. */
export interface AttemptRow {
  id: string;
  created_at: Date;
  subscription_id: string;
  event_id: string;
  event_type: string;
  attempt: number;
  trigger: string;
  outcome: string;
  status_code: number | null;
  response_time_ms: number;
  response_body?: string | null;
  response_headers?: Record<string, string> | null;
  error: string | null;
  trace_id: string | null;
  next_attempt_at: Date | null;
}

/** Did this event reach this subscription with a success at or after `since` (ISO time)? */
export interface Succeeded {
  tenantId: string;
  subscriptionId: string;
  eventId: string;
  since: string;
}

export interface MinuteCount {
  minute: Date;
  outcome: string;
  n: string;
}

export interface MinuteLatency {
  minute: Date;
  /** p50, p95, p99 of the minute's response times. */
  p: number[];
}

/** A tenant's attempts made in [from, to) (ISO times). */
export interface AttemptWindow {
  tenantId: string;
  from: string;
  to: string;
}

/** A subscription's attempts of a window for one event type, or all of them (event_type '*'). */
export interface AttemptSummaryRow {
  subscription_id: string;
  event_type: string;
  attempts: number;
  succeeded: number;
  failed: number;
  success_ratio: number;
  latency_p50_ms: number;
  latency_p95_ms: number;
  latency_p99_ms: number;
  first_attempt_at: Date;
  last_attempt_at: Date;
}
