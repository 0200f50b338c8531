import { jest } from '@jest/globals';
import { AppConfig } from '../../src/platform/config/app-config.js';
import { RECORD_CUT_MS, ShutdownDeadline } from '../../src/platform/lifecycle/shutdown-deadline.js';

const TIMEOUT_MS = 10_000;
const deadlineOf = () => new ShutdownDeadline(AppConfig.fromEnv({ SHUTDOWN_TIMEOUT_MS: String(TIMEOUT_MS) }));
const never = new Promise<void>(() => undefined);

afterEach(() => jest.useRealTimers());

describe('ShutdownDeadline: one deadline for every part of a stop', () => {
  it('cuts the requests once, at SHUTDOWN_TIMEOUT_MS from the first step, however many parts wait', async () => {
    jest.useFakeTimers();
    const deadline = deadlineOf();
    const cut = jest.fn();
    deadline.onCut(cut);
    deadline.begin();
    await jest.advanceTimersByTimeAsync(TIMEOUT_MS / 2);
    deadline.begin(); // a later part: the clock keeps its first start
    await jest.advanceTimersByTimeAsync(TIMEOUT_MS / 2 - 1);
    expect(cut).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);
    expect(cut).toHaveBeenCalledTimes(1);
  });

  it('lets parts that wait in turn share the deadline, so the stop ends at the cut plus the recording time', async () => {
    jest.useFakeTimers();
    const deadline = deadlineOf();
    const started = Date.now();
    const ended: number[] = [];
    const waitInTurn = async () => {
      for (let part = 0; part < 3; part++) {
        await deadline.within(never);
        ended.push(Date.now() - started);
      }
    };
    const stop = waitInTurn();
    await jest.advanceTimersByTimeAsync(TIMEOUT_MS + RECORD_CUT_MS);
    await stop;
    expect(ended).toEqual([TIMEOUT_MS + RECORD_CUT_MS, TIMEOUT_MS + RECORD_CUT_MS, TIMEOUT_MS + RECORD_CUT_MS]);
    expect(deadline.remainingMs()).toBe(0);
  });

  it('returns as soon as the work ends, whether it succeeds or fails', async () => {
    const deadline = deadlineOf();
    const started = Date.now();
    await deadline.within(Promise.resolve());
    await deadline.within(Promise.reject(new Error('a run failed at the stop')));
    expect(Date.now() - started).toBeLessThan(1_000);
    deadline.onApplicationShutdown();
  });
});
