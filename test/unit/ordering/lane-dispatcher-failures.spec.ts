import { jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import pg from 'pg';
import { LaneDispatcher } from '../../../src/modules/ordering/dispatch/lane-dispatcher.js';
import { ShutdownDeadline } from '../../../src/platform/lifecycle/shutdown-deadline.js';
import { AppConfig } from '../../../src/platform/config/app-config.js';

type Dependencies = ConstructorParameters<typeof LaneDispatcher>;

/** The error the pg driver gives while Postgres does not answer (a port nobody listens on). */
async function postgresDown(): Promise<Error> {
  const client = new pg.Client({ host: '127.0.0.1', port: 1, user: 'hookline', database: 'hookline' });
  return client.connect().then(
    () => new Error('something listens on port 1'),
    (error: Error) => error,
  );
}

/**
 * The ordered lane's claims while Postgres is unreachable: the claim rounds, every ORDERED_POLL_MS
 * (100 ms) otherwise, back off (1 s doubling to 10 s) and log the failure once, and its recovery.
 */
describe('the ordered lane while Postgres is unreachable', () => {
  let refused: Error;
  beforeAll(async () => {
    refused = await postgresDown();
    expect(String(refused)).toContain('ECONNREFUSED');
  });
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('claims with a backoff, logs once per cause and once on recovery', async () => {
    jest.useFakeTimers({ doNotFake: ['setImmediate'] });
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const log = jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
    let down = true;
    const leases = {
      scheduledSubscriptions: jest.fn(async () => {
        if (down) throw refused;
        return [];
      }),
      claim: async () => [],
      renew: async () => undefined,
    };
    const config = AppConfig.fromEnv({ ORDERED_POLL_MS: '100' });
    const none = {} as never;
    const dispatcher = new LaneDispatcher(
      ...([
        config,
        leases,
        none,
        none,
        { limitOf: () => 10 },
        none,
        new ShutdownDeadline(config),
      ] as unknown as Dependencies),
    );
    dispatcher.onApplicationBootstrap();

    await jest.advanceTimersByTimeAsync(60_000);
    dispatcher.wake(); // a key settling meanwhile: no claim before the backoff ends
    await jest.advanceTimersByTimeAsync(1);
    // At 0, 1, 3, 7, 15, 25, 35, 45, 55 s: 9 rounds, not 600.
    expect(leases.scheduledSubscriptions).toHaveBeenCalledTimes(9);
    expect(warn.mock.calls.map(([line]) => String(line))).toEqual([
      expect.stringMatching(
        /^claiming ordered keys failed: Error: connect ECONNREFUSED 127\.0\.0\.1:1 \(trying again, up to every 10 s/,
      ),
    ]);

    down = false;
    await jest.advanceTimersByTimeAsync(10_000);
    expect(log.mock.calls.map(([line]) => line)).toEqual([
      'claiming ordered keys works again (after 9 failed attempts)',
    ]);
    // Polling again every ORDERED_POLL_MS.
    const before = leases.scheduledSubscriptions.mock.calls.length;
    await jest.advanceTimersByTimeAsync(1_000);
    expect(leases.scheduledSubscriptions.mock.calls.length - before).toBeGreaterThanOrEqual(9);
    await dispatcher.onModuleDestroy();
  });
});
