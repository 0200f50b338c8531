import type { CircuitOptions } from '../../../src/modules/delivery/failures/circuit-breaker.js';
import { openReason, snapshotOf } from '../../../src/modules/delivery/failures/circuit-rules.js';
import type { CircuitRow } from '../../../src/modules/delivery/failures/circuit-store.js';

const options: CircuitOptions = {
  consecutiveFailures: 5,
  failureRatio: 0.5,
  minRequests: 10,
  windowMs: 60_000,
  openMs: 30_000,
};
const row = (r: Partial<CircuitRow>): CircuitRow => ({
  tenantId: 't',
  subscriptionId: 's',
  state: 'closed',
  consecutiveFailures: 0,
  windowStartedAt: 1_000_000,
  windowAttempts: 0,
  windowFailures: 0,
  concurrencyLimit: null,
  concurrencyReportedAt: null,
  openedAt: null,
  probeStartedAt: null,
  reason: null,
  ...r,
});

describe('shared circuit rules', () => {
  it('opens on the failures in a row counted by every instance', () => {
    expect(openReason(row({ consecutiveFailures: 4, windowAttempts: 4, windowFailures: 4 }), options)).toBeNull();
    expect(openReason(row({ consecutiveFailures: 5, windowAttempts: 5, windowFailures: 5 }), options)).toBe(
      '5 consecutive failures',
    );
    // Another instance counted one more before this one decided: the reason is still the threshold.
    expect(openReason(row({ consecutiveFailures: 6, windowAttempts: 6, windowFailures: 6 }), options)).toBe(
      '5 consecutive failures',
    );
  });

  it('opens on the ratio only from the minimum of attempts in the window', () => {
    expect(openReason(row({ consecutiveFailures: 1, windowAttempts: 9, windowFailures: 5 }), options)).toBeNull();
    expect(openReason(row({ consecutiveFailures: 1, windowAttempts: 10, windowFailures: 5 }), options)).toBe(
      '5 of 10 attempts failed in 60000 ms',
    );
    expect(openReason(row({ consecutiveFailures: 1, windowAttempts: 10, windowFailures: 4 }), options)).toBeNull();
  });

  it('shows an open row with its next probe, and no row as a closed circuit', () => {
    const opened = row({ state: 'open', openedAt: 1_000_000, reason: 'x', consecutiveFailures: 5, windowFailures: 5 });
    expect(snapshotOf(opened, options, 1_010_000)).toMatchObject({
      state: 'open',
      opened_at: new Date(1_000_000).toISOString(),
      next_probe_at: new Date(1_030_000).toISOString(),
      window_failures: 5,
      reason: 'x',
    });
    expect(snapshotOf(opened, options, 1_070_000)).toMatchObject({ window_failures: 0, window_attempts: 0 });
    expect(snapshotOf(null, options, 0)).toMatchObject({ state: 'closed', opened_at: null, consecutive_failures: 0 });
  });
});
