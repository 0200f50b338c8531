import {
  context,
  INVALID_SPAN_CONTEXT,
  SpanStatusCode,
  trace,
  type Attributes,
  type Context,
  type Span,
  type SpanOptions,
} from '@opentelemetry/api';
import { contextFromTraceparent, traceparentOf } from './propagation.js';
import { tracingActive } from './sdk.js';

/** Hookline's own span attributes, beside the messaging and HTTP semantic conventions. */
export const HooklineAttributes = {
  eventId: 'event.id',
  eventType: 'event.type',
  tenantId: 'tenant.id',
  subscriptionId: 'subscription.id',
  attempt: 'delivery.attempt',
  trigger: 'delivery.trigger',
  outcome: 'delivery.outcome',
  subscriptionsMatched: 'event.subscriptions_matched',
  alertType: 'alert.type',
} as const;

export const tracer = trace.getTracer('hookline');

/** What spans are while the SDK is off: one shared no-op span, its context invalid. */
export const NO_SPAN: Span = trace.wrapSpanContext(INVALID_SPAN_CONTEXT);

/** The traceparent of the active span, when there is one (the SDK is on and a span is open). */
export function currentTraceparent(): string | undefined {
  const span = trace.getActiveSpan();
  return span ? traceparentOf(span.spanContext()) : undefined;
}

/**
 * Runs `run` with `traceparent` as its remote parent when no span is active, so that work started
 * outside any span (a task stepping aside, a record quarantined by the consumer base) stays in the
 * trace of the record it concerns instead of starting a trace of its own.
 */
export function inTraceOf<T>(traceparent: string | undefined, run: () => T): T {
  if (!traceparent || !tracingActive() || trace.getActiveSpan()) return run();
  return context.with(contextFromTraceparent(traceparent, context.active()), run);
}

/** Adds attributes to the active span; a no-op without one. */
export function annotate(attributes: Attributes): void {
  trace.getActiveSpan()?.setAttributes(attributes);
}

/**
 * Runs `run` inside a new active span, which ends when it settles; a rejection is recorded on the
 * span and rethrown. `parent` defaults to the active context.
 */
export async function inSpan<T>(
  name: string,
  options: SpanOptions & { parent?: Context },
  run: (span: Span) => Promise<T>,
): Promise<T> {
  // With the SDK off nothing records: no span, no context to build or enter, for each record or step.
  if (!tracingActive()) return run(NO_SPAN);
  const { parent, ...spanOptions } = options;
  const span = tracer.startSpan(name, spanOptions, parent ?? context.active());
  try {
    return await context.with(trace.setSpan(parent ?? context.active(), span), () => run(span));
  } catch (error) {
    failSpan(span, error);
    throw error;
  } finally {
    span.end();
  }
}

/** A synchronous step as a child span of the active one (matching, for instance). */
export function inSpanSync<T>(name: string, run: (span: Span) => T): T {
  return tracer.startActiveSpan(name, (span) => {
    try {
      return run(span);
    } catch (error) {
      failSpan(span, error);
      throw error;
    } finally {
      span.end();
    }
  });
}

export function failSpan(span: Span, error: unknown): void {
  span.recordException(error instanceof Error ? error : String(error));
  span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
}
