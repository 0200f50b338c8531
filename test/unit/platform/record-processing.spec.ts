import { jest } from '@jest/globals';
import type { Logger } from '@nestjs/common';
import type { InboundMessage } from '../../../src/platform/kafka/inbound-message.js';
import { AfterEffectError, parkReasonOf, PoisonRecordError } from '../../../src/platform/kafka/poison-record.error.js';
import { processRecord } from '../../../src/platform/kafka/record-processing.js';

const message: InboundMessage = {
  topic: 't',
  group: 'g',
  partition: 0,
  offset: '7',
  key: null,
  value: Buffer.from('{}'),
  headers: {},
  timestamp: 0,
};
const logger = { warn: () => undefined, error: () => undefined } as unknown as Logger;

/** Runs processRecord with a handler failing `failures` times with `error`, timers run forward. */
async function run(error: unknown, failures: number, withQuarantine = true) {
  const calls = { handle: 0, parked: [] as unknown[] };
  const handle = async () => {
    if (++calls.handle <= failures) throw error;
  };
  const quarantine = withQuarantine ? async (_: InboundMessage, e: unknown) => void calls.parked.push(e) : undefined;
  const done = processRecord(message, { handle, quarantine, logger });
  for (let i = 0; i < 20; i++) await jest.advanceTimersByTimeAsync(10_000);
  await done;
  return calls;
}

describe('a record through its handler', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('parks a failure after the effect at once: the handler never runs (and sends) again', async () => {
    const failure = new AfterEffectError(new Error('the attempt row cannot be written'));
    expect(await run(failure, 99)).toEqual({ handle: 1, parked: [failure] });
    expect(failure.parkReason).toBeUndefined();
    expect(new AfterEffectError(new PoisonRecordError('too_large', 'x')).parkReason).toBe('too_large');
  });

  it("names the DLQ reason of a failure: its own, its cause's, else processing_error", () => {
    const refused = Object.assign(new Error('410'), { parkReason: 'gone' });
    expect(parkReasonOf(new PoisonRecordError('invalid_task', 'x'))).toBe('invalid_task');
    expect(parkReasonOf(refused)).toBe('gone');
    expect(parkReasonOf(new AfterEffectError(refused))).toBe('gone');
    expect(parkReasonOf(new AfterEffectError(new PoisonRecordError('too_large', 'x')))).toBe('too_large');
    expect(parkReasonOf(new AfterEffectError(new Error('a bug')))).toBe('processing_error');
    expect(parkReasonOf(undefined)).toBe('processing_error');
    expect(parkReasonOf(Object.assign(new Error('x'), { parkReason: 7 }))).toBe('processing_error');
  });

  it('parks a poison record at once and a failing handler after three tries', async () => {
    const poison = new PoisonRecordError('invalid_task', 'not a task');
    expect(await run(poison, 99)).toEqual({ handle: 1, parked: [poison] });
    const bug = new TypeError('a bug');
    expect(await run(bug, 99)).toEqual({ handle: 3, parked: [bug] });
  });

  it('retries a transient failure until it heals, parking nothing', async () => {
    expect(await run(Object.assign(new Error('away'), { transient: true }), 5)).toEqual({ handle: 6, parked: [] });
  });

  it('never parks the record of a consumer without quarantine (the DLQ): it retries until the handler succeeds', async () => {
    expect(await run(new AfterEffectError(new Error('x')), 6, false)).toEqual({ handle: 7, parked: [] });
  });
  it('leaves a record that keeps failing unfinished once the consumer stops, without another try', async () => {
    const stopping = new AbortController();
    let calls = 0;
    const handle = async () => {
      calls++;
      throw Object.assign(new Error('registry away'), { transient: true });
    };
    const done = processRecord(message, { handle, quarantine: async () => undefined, logger }, stopping.signal);
    await jest.advanceTimersByTimeAsync(3_000);
    const triedBeforeStop = calls;
    stopping.abort();
    await jest.advanceTimersByTimeAsync(0);
    expect(await done).toBe(false);
    await jest.advanceTimersByTimeAsync(60_000);
    expect(calls).toBe(triedBeforeStop);
    expect(triedBeforeStop).toBeGreaterThan(1);
  });

  it('finishes a record that succeeds, or is quarantined, whether or not a stop comes after', async () => {
    const stopping = new AbortController();
    const ok = processRecord(message, { handle: async () => undefined, logger }, stopping.signal);
    stopping.abort();
    expect(await ok).toBe(true);
    const parked = processRecord(
      message,
      {
        handle: () => Promise.reject(new PoisonRecordError('too_large', 'x')),
        quarantine: async () => undefined,
        logger,
      },
      stopping.signal,
    );
    expect(await parked).toBe(true);
  });
});
