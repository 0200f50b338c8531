import { context, SpanKind, SpanStatusCode, trace, type Attributes, type Link, type Span } from '@opentelemetry/api';
import type { InboundMessage } from '../kafka/inbound-message.js';
import { consumedAttributes, producerLink } from './messaging-spans.js';
import { collectedCounter, gauge, histogram } from './metrics.js';
import { contextFromTraceparent, spanContextOf, traceIdOf, traceparentOf, withoutTraceHeaders } from './propagation.js';
import { tracingActive } from './sdk.js';
import { failSpan, HooklineAttributes as A, NO_SPAN, tracer } from './tracing.js';

/** Attempts by outcome, then by status class: plain numbers read at scrape time (no label hashing per attempt). */
const attempts = new Map<string, number[]>();
const STATUS_CLASSES = ['none', '1xx', '2xx', '3xx', '4xx', '5xx'];
collectedCounter(
  'hookline_deliveries_total',
  'Delivery attempts by outcome and HTTP status class',
  ['outcome', 'status_class'],
  (set) => {
    for (const [outcome, byClass] of attempts)
      byClass.forEach((n, i) => n > 0 && set({ outcome, status_class: STATUS_CLASSES[i] }, n));
  },
);
const attemptDuration = histogram(
  'hookline_delivery_attempt_duration_seconds',
  'One attempt: connect, request, response',
  ['outcome'],
  [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
);
const eventToDelivery = histogram(
  'hookline_delivery_latency_seconds',
  'From fan-out of the event to its successful delivery, retries included',
  [],
  [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 60, 600, 3600, 86400],
);
/** The duration histogram's series of each outcome, looked up once: observe() with labels hashes them each time. */
const durationSeries = new Map<string, { observe(value: number): void }>();
function durationOf(outcome: string): { observe(value: number): void } {
  let series = durationSeries.get(outcome);
  if (!series) durationSeries.set(outcome, (series = attemptDuration.labels({ outcome })));
  return series;
}
let inFlight = 0;
gauge('hookline_deliveries_in_flight', 'Requests to consumer endpoints under way', [], (g) => g.set(inFlight));

export interface AttemptInfo {
  tenantId: string;
  subscriptionId: string;
  eventId: string;
  eventType: string;
  attempt: number;
  trigger: string;
  /** When the event was fanned out (DeliveryTaskV2.first_attempt_at). */
  firstAttemptAt: string;
  /** The context the task carries (the ingest span's): the attempt's parent. */
  traceparent?: string;
  /** The attempt before this one, linked from this one. */
  previousAttemptTraceparent?: string;
  /** The record the task was read from (deliveries or a retry tier): the span's messaging attributes and producer link. */
  record?: InboundMessage;
}

export interface AttemptResult {
  outcome: string;
  status?: number;
  durationMs: number;
}

/** Index into STATUS_CLASSES. */
const statusClass = (status?: number) => (status && status >= 100 && status < 600 ? Math.floor(status / 100) : 0);

function countAttempt(outcome: string, status?: number): void {
  let byClass = attempts.get(outcome);
  if (!byClass) attempts.set(outcome, (byClass = STATUS_CLASSES.map(() => 0)));
  byClass[statusClass(status)]++;
}

/** One delivery attempt as telemetry sees it: its span, its outbound call, its metrics. */
export class AttemptTelemetry {
  finished = false;

  constructor(
    readonly span: Span,
    private readonly info: AttemptInfo,
  ) {}

  /** The trace to store on the attempt record: the attempt span's, else the one the task carries. */
  get traceId(): string | null {
    const own = this.span.spanContext();
    if (trace.isSpanContextValid(own)) return own.traceId;
    return traceIdOf(this.info.traceparent) ?? null;
  }

  /** This attempt's own traceparent: what the next attempt links to. */
  get traceparent(): string | undefined {
    return traceparentOf(this.span.spanContext()) ?? this.info.traceparent;
  }

  /**
   * Runs the request to the endpoint. With the SDK on, the undici instrumentation makes the HTTP
   * client span a child of the attempt and writes `traceparent` itself (unless the subscription
   * opted out); with it off, the task's traceparent is passed through as the extra header.
   */
  async outbound<T>(sendTraceparent: boolean, call: (traceHeaders: Record<string, string>) => Promise<T>): Promise<T> {
    inFlight++;
    try {
      if (tracingActive()) {
        const ctx = trace.setSpan(context.active(), this.span);
        return await context.with(sendTraceparent ? ctx : withoutTraceHeaders(ctx), () => call({}));
      }
      const passThrough: Record<string, string> = {};
      if (sendTraceparent && this.info.traceparent) passThrough.traceparent = this.info.traceparent;
      return await call(passThrough);
    } finally {
      inFlight--;
    }
  }

  /** Not attempted (subscription disabled, circuit open): the span says why; no delivery metric moves. */
  skipped(reason: string): void {
    this.finished = true;
    this.span.setAttributes({ [A.outcome]: 'not_attempted', 'delivery.not_attempted_reason': reason });
  }

  finish(result: AttemptResult): void {
    this.finished = true;
    const success = result.outcome === 'success';
    countAttempt(result.outcome, result.status);
    durationOf(result.outcome).observe(result.durationMs / 1000);
    if (success) eventToDelivery.observe((Date.now() - Date.parse(this.info.firstAttemptAt)) / 1000);
    this.span.setAttribute(A.outcome, result.outcome);
    if (result.status) this.span.setAttribute('http.response.status_code', result.status);
    if (!success) this.span.setStatus({ code: SpanStatusCode.ERROR, message: result.outcome });
  }
}

/**
 * Runs one delivery attempt inside its span: the CONSUMER span `deliver <topic>` of the record it
 * came from (the deliveries topic, or retry tier n), or, for a task ingest delivers itself (the
 * direct lane: no record, no hop), the INTERNAL span `deliver <event type>`. Either is a child of
 * the context the task carries (the ingest span), linked to the PRODUCER span that wrote its record
 * and, for a retry, to the previous attempt. Everything the attempt does (the HTTP call, the
 * attempt record, the hand-off to a retry tier or the DLQ, an alert) is inside it.
 */
export async function traceAttempt<T>(info: AttemptInfo, run: (attempt: AttemptTelemetry) => Promise<T>): Promise<T> {
  if (!tracingActive()) return untraced(info, run);
  const parent = contextFromTraceparent(info.traceparent);
  const span = tracer.startSpan(
    `deliver ${info.record?.topic ?? info.eventType}`,
    {
      kind: info.record ? SpanKind.CONSUMER : SpanKind.INTERNAL,
      links: attemptLinks(info),
      attributes: attemptAttributes(info),
    },
    parent,
  );
  const attempt = new AttemptTelemetry(span, info);
  try {
    return await context.with(trace.setSpan(parent, span), () => run(attempt));
  } catch (error) {
    attempt.finished = true;
    failSpan(span, error);
    throw error;
  } finally {
    // Settled without an outcome: the subscription was gone or disabled, nothing was sent.
    if (!attempt.finished) span.setAttribute(A.outcome, 'skipped');
    span.end();
  }
}

/** With the SDK off no span records anything: the shared no-op span, no context to build or enter. */
function untraced<T>(info: AttemptInfo, run: (attempt: AttemptTelemetry) => Promise<T>): Promise<T> {
  return run(new AttemptTelemetry(NO_SPAN, info));
}

function attemptLinks(info: AttemptInfo): Link[] {
  const links: Link[] = [];
  const producer = info.record && producerLink(info.record);
  if (producer) links.push(producer);
  const previous = spanContextOf(info.previousAttemptTraceparent);
  if (previous) links.push({ context: previous, attributes: { 'hookline.link': 'previous_attempt' } });
  return links;
}

function attemptAttributes(info: AttemptInfo): Attributes {
  return {
    ...(info.record ? consumedAttributes(info.record, { operation: 'deliver', key: true }) : {}),
    [A.eventId]: info.eventId,
    [A.eventType]: info.eventType,
    [A.tenantId]: info.tenantId,
    [A.subscriptionId]: info.subscriptionId,
    [A.attempt]: info.attempt,
    [A.trigger]: info.trigger,
  };
}
