import { traceAttempt, type AttemptInfo } from '../../../src/platform/telemetry/delivery-telemetry.js';
import { tracingActive } from '../../../src/platform/telemetry/sdk.js';

const PARENT = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
const info: AttemptInfo = {
  tenantId: 't1',
  subscriptionId: 's1',
  eventId: 'evt_1',
  eventType: 'order.created',
  attempt: 1,
  trigger: 'initial',
  firstAttemptAt: new Date().toISOString(),
  traceparent: PARENT,
};

/** With the SDK off (no OTEL_* exporter), trace context still flows: passed through as received. */
describe('delivery telemetry with tracing off', () => {
  it('is off in a process that never started the SDK', () => {
    expect(tracingActive()).toBe(false);
  });

  it("sends the task's traceparent unchanged, unless the subscription opted out", async () => {
    const sent: Record<string, string>[] = [];
    await traceAttempt(info, async (attempt) => {
      await attempt.outbound(true, async (headers) => sent.push(headers));
      await attempt.outbound(false, async (headers) => sent.push(headers));
    });
    expect(sent).toEqual([{ traceparent: PARENT }, {}]);
  });

  it("records the task's trace id on the attempt, and none when the task carries none", async () => {
    expect(await traceAttempt(info, async (attempt) => attempt.traceId)).toBe('4bf92f3577b34da6a3ce929d0e0e4736');
    expect(await traceAttempt(info, async (attempt) => attempt.traceparent)).toBe(PARENT);
    expect(await traceAttempt({ ...info, traceparent: undefined }, async (attempt) => attempt.traceId)).toBeNull();
  });
});
