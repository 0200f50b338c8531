import {
  context as contextApi,
  createContextKey,
  defaultTextMapGetter,
  defaultTextMapSetter,
  ROOT_CONTEXT,
  trace,
  type Context,
  type SpanContext,
  type TextMapGetter,
  type TextMapPropagator,
  type TextMapSetter,
} from '@opentelemetry/api';
import { CompositePropagator, W3CBaggagePropagator, W3CTraceContextPropagator } from '@opentelemetry/core';

const OMIT_TRACE_HEADERS = createContextKey('hookline.omit-trace-headers');
const w3c = new W3CTraceContextPropagator();

/**
 * W3C trace context and baggage, except inside a context marked by withoutTraceHeaders: a
 * subscription may opt out of receiving `traceparent`, and the undici instrumentation injects
 * through the global propagator, so the opt-out has to live here.
 */
export class OptOutPropagator implements TextMapPropagator {
  private readonly inner = new CompositePropagator({
    propagators: [new W3CTraceContextPropagator(), new W3CBaggagePropagator()],
  });

  inject(context: Context, carrier: unknown, setter: TextMapSetter): void {
    if (context.getValue(OMIT_TRACE_HEADERS) === true) return;
    this.inner.inject(context, carrier, setter);
  }

  extract(context: Context, carrier: unknown, getter: TextMapGetter): Context {
    return this.inner.extract(context, carrier, getter);
  }

  fields(): string[] {
    return this.inner.fields();
  }
}

/** The context in which outbound calls carry no trace headers. */
export function withoutTraceHeaders(context: Context = contextApi.active()): Context {
  return context.setValue(OMIT_TRACE_HEADERS, true);
}

/**
 * A context whose remote parent is the given W3C traceparent (ROOT when absent or malformed).
 * Uses the W3C propagator directly, not the global one, so it works with the SDK off too.
 */
export function contextFromTraceparent(traceparent: string | undefined, base: Context = ROOT_CONTEXT): Context {
  if (!traceparent) return base;
  return w3c.extract(base, { traceparent }, defaultTextMapGetter);
}

/** A W3C traceparent of version 00: its trace id and parent id. */
export const TRACEPARENT_V00 = /^00-([0-9a-f]{32})-([0-9a-f]{16})-[0-9a-f]{2}$/;
const ZEROS_32 = '0'.repeat(32);
const ZEROS_16 = '0'.repeat(16);

/**
 * The trace id a traceparent names, read without building a context: asked once per attempt when
 * no SDK runs. Other versions than 00 go through the propagator.
 */
export function traceIdOf(traceparent: string | undefined): string | undefined {
  if (!traceparent) return undefined;
  const match = TRACEPARENT_V00.exec(traceparent);
  if (!match) return spanContextOf(traceparent)?.traceId;
  return match[1] === ZEROS_32 || match[2] === ZEROS_16 ? undefined : match[1];
}

export function spanContextOf(traceparent: string | undefined): SpanContext | undefined {
  return trace.getSpanContext(contextFromTraceparent(traceparent));
}

/** The W3C traceparent naming this span context, or undefined for an invalid one. */
export function traceparentOf(spanContext: SpanContext): string | undefined {
  if (!trace.isSpanContextValid(spanContext)) return undefined;
  const carrier: Record<string, string> = {};
  w3c.inject(trace.setSpanContext(ROOT_CONTEXT, spanContext), carrier, defaultTextMapSetter);
  return carrier.traceparent;
}
