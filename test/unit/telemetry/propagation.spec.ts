import fc from 'fast-check';
import { defaultTextMapSetter, ROOT_CONTEXT, trace, TraceFlags } from '@opentelemetry/api';
import {
  contextFromTraceparent,
  OptOutPropagator,
  spanContextOf,
  traceIdOf,
  traceparentOf,
  withoutTraceHeaders,
} from '../../../src/platform/telemetry/propagation.js';

const PARENT = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';

describe('trace context helpers', () => {
  it('reads a traceparent into a remote parent and writes it back unchanged', () => {
    const span = spanContextOf(PARENT)!;
    expect(span).toMatchObject({
      traceId: '4bf92f3577b34da6a3ce929d0e0e4736',
      spanId: '00f067aa0ba902b7',
      traceFlags: TraceFlags.SAMPLED,
      isRemote: true,
    });
    expect(traceparentOf(span)).toBe(PARENT);
  });

  it('treats a missing or malformed traceparent as no parent', () => {
    expect(spanContextOf(undefined)).toBeUndefined();
    expect(spanContextOf('00-zz-00f067aa0ba902b7-01')).toBeUndefined();
    expect(contextFromTraceparent('garbage')).toBe(ROOT_CONTEXT);
  });

  it("reads a traceparent's trace id as the propagator does, for any text", () => {
    const hex = (n: number) => fc.stringMatching(new RegExp(`^[0-9a-f]{${n}}$`));
    const zerosOr = (n: number) => fc.oneof(hex(n), fc.constant('0'.repeat(n)));
    const traceparent = fc.oneof(
      fc.tuple(fc.constantFrom('00', '01', 'ff'), zerosOr(32), zerosOr(16), hex(2)).map((parts) => parts.join('-')),
      fc.string(),
    );
    fc.assert(
      fc.property(traceparent, (text) => {
        expect(traceIdOf(text)).toBe(spanContextOf(text)?.traceId);
      }),
    );
    expect(traceIdOf(PARENT)).toBe('4bf92f3577b34da6a3ce929d0e0e4736');
  });

  it('injects traceparent, except in a context marked withoutTraceHeaders', () => {
    const propagator = new OptOutPropagator();
    const ctx = contextFromTraceparent(PARENT);
    const sent: Record<string, string> = {};
    propagator.inject(ctx, sent, defaultTextMapSetter);
    expect(sent.traceparent).toBe(PARENT);

    const omitted: Record<string, string> = {};
    propagator.inject(withoutTraceHeaders(ctx), omitted, defaultTextMapSetter);
    expect(omitted).toEqual({});
    // The opt-out hides the header only; the context still knows its trace.
    expect(trace.getSpanContext(withoutTraceHeaders(ctx))?.traceId).toBe('4bf92f3577b34da6a3ce929d0e0e4736');
  });
});
