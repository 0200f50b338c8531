import { jest } from '@jest/globals';
import { FailureLog } from '../../../src/platform/logging/failure-log.js';

const sink = () => ({ warn: jest.fn<(line: string) => void>(), log: jest.fn<(line: string) => void>() });
const options = { failing: 'cannot reach it', recovered: 'reachable again', firstDelayMs: 1_000, maxDelayMs: 30_000 };

describe('FailureLog: once per change, and a backoff', () => {
  it('logs the first failure and a changed cause, not the repeats', () => {
    const logger = sink();
    const failures = new FailureLog(logger, options);
    for (let i = 0; i < 50; i++) failures.failed(new Error('connect ECONNREFUSED 127.0.0.1:5432'));
    expect(logger.warn).toHaveBeenCalledTimes(1);
    expect(logger.warn.mock.calls[0][0]).toMatch(
      /^cannot reach it: Error: connect ECONNREFUSED 127.0.0.1:5432 \(trying again, up to every 30 s/,
    );
    failures.failed(new Error('password authentication failed'));
    failures.failed(new Error('password authentication failed'));
    expect(logger.warn).toHaveBeenCalledTimes(2);
    expect(logger.log).not.toHaveBeenCalled();
  });

  it('tells causes apart by the key given, and logs the detail given', () => {
    const logger = sink();
    const failures = new FailureLog(logger, options);
    failures.failed(new Error('at 10:00:01'), 'kafka_tls_failed', 'kafka_tls_failed: alert 46');
    failures.failed(new Error('at 10:00:02'), 'kafka_tls_failed', 'kafka_tls_failed: alert 46');
    expect(logger.warn.mock.calls.map(([line]) => line)).toEqual([
      expect.stringContaining('kafka_tls_failed: alert 46'),
    ]);
  });

  it('logs the recovery once, with the failed attempts, and then a new failure again', () => {
    const logger = sink();
    const failures = new FailureLog(logger, options);
    failures.succeeded();
    expect(logger.log).not.toHaveBeenCalled();
    failures.failed(new Error('down'));
    failures.failed(new Error('down'));
    failures.succeeded();
    failures.succeeded();
    expect(logger.log.mock.calls).toEqual([['reachable again (after 2 failed attempts)']]);
    failures.failed(new Error('down'));
    expect(logger.warn).toHaveBeenCalledTimes(2);
  });

  it('waits 0 while working, then doubles from the first delay up to the bound', () => {
    const failures = new FailureLog(sink(), options);
    expect([failures.failing, failures.delayMs]).toEqual([false, 0]);
    const delays = Array.from({ length: 8 }, () => failures.failed(new Error('down')));
    expect(delays).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000]);
    expect(failures.failing).toBe(true);
    failures.succeeded();
    expect([failures.failing, failures.delayMs]).toEqual([false, 0]);
  });
});
