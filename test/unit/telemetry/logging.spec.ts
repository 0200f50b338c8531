import { Writable } from 'node:stream';
import { context, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { TracerProvider } from '@opentelemetry/sdk-trace';
import { pino } from 'pino';
import { pinoOptions } from '../../../src/platform/logging/logger-options.js';

function capture(level = 'info') {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(JSON.parse(chunk.toString('utf8')) as Record<string, unknown>);
      done();
    },
  });
  return { lines, logger: pino(pinoOptions(level), sink) };
}

describe('structured logs', () => {
  it('writes JSON lines with a level word and an ISO time', () => {
    const { lines, logger } = capture();
    logger.info({ context: 'Delivery' }, 'attempt recorded');
    expect(lines[0]).toMatchObject({
      level: 'info',
      msg: 'attempt recorded',
      context: 'Delivery',
      service: 'hookline',
    });
    expect(Date.parse(lines[0].time as string)).not.toBeNaN();
  });

  it('honours the level, silent included', () => {
    const { lines, logger } = capture('silent');
    logger.error('nobody hears this');
    expect(lines).toHaveLength(0);
  });

  it('redacts API keys, signatures and secret fields', () => {
    const { lines, logger } = capture();
    logger.info({
      req: {
        headers: {
          authorization: 'Bearer hk_live_123',
          'x-api-key': 'hk_live_456',
          'x-signature': 'sha256=abc',
          'webhook-signature': 'v1,xyz',
          accept: 'application/json',
        },
      },
      subscription: { id: 'sub_1', secret: 'whsec_abc', secrets: ['whsec_old'] },
      api_key: 'hk_live_789',
    });
    const text = JSON.stringify(lines[0]);
    for (const leaked of [
      'hk_live_123',
      'hk_live_456',
      'sha256=abc',
      'v1,xyz',
      'whsec_abc',
      'whsec_old',
      'hk_live_789',
    ])
      expect(text).not.toContain(leaked);
    expect(lines[0]).toMatchObject({
      req: { headers: { authorization: '[redacted]', accept: 'application/json' } },
      subscription: { id: 'sub_1', secret: '[redacted]' },
    });
  });

  describe('inside a span', () => {
    const manager = new AsyncLocalStorageContextManager().enable();
    const provider = new TracerProvider();
    beforeAll(() => context.setGlobalContextManager(manager));
    afterAll(() => {
      context.disable();
      return provider.shutdown();
    });

    it('carries trace_id and span_id of the active span', () => {
      const { lines, logger } = capture();
      const span = provider.getTracer('test').startSpan('work');
      context.with(trace.setSpan(context.active(), span), () => logger.info('inside'));
      logger.info('outside');
      span.end();
      expect(lines[0]).toMatchObject({ trace_id: span.spanContext().traceId, span_id: span.spanContext().spanId });
      expect(lines[1].trace_id).toBeUndefined();
    });
  });
});
