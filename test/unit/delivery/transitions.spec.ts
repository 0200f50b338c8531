import {
  appendHistory,
  describeHistory,
  readHistory,
  summarizeAttempt,
  summarizeSkip,
  ATTEMPTS_HEADER,
  encodeHistory,
} from '../../../src/modules/delivery/attempt-history.js';
import { transitionAfter } from '../../../src/modules/delivery/failures/status-transitions.js';
import { RateWindow } from '../../../src/modules/delivery/failures/rate-window.js';

describe('subscription status transitions', () => {
  const retry = { action: 'retry', topic: 't', tier: '1s', dueAt: 0 } as const;
  it.each([
    ['active', { action: 'stop', reason: 'gone' }, 'disabled'],
    ['failing', { action: 'stop', reason: 'gone' }, 'disabled'],
    ['disabled', { action: 'stop', reason: 'gone' }, null],
    ['active', { action: 'exhausted' }, 'failing'],
    ['failing', { action: 'exhausted' }, null],
    ['disabled', { action: 'exhausted' }, null],
    ['failing', { action: 'done' }, 'active'],
    ['active', { action: 'done' }, null],
    ['active', { action: 'stop', reason: 'blocked' }, null],
    ['failing', retry, null],
    ['disabled', { action: 'park', reason: 'disabled' }, null],
  ] as const)('%s after %j → %s', (from, step, to) => {
    expect(transitionAfter(from, step)?.to ?? null).toBe(to);
  });

  it('names the alert and the reason', () => {
    expect(transitionAfter('active', { action: 'exhausted' }, 'event e after 7 attempts')).toEqual({
      from: 'active',
      to: 'failing',
      reason: 'retries exhausted: event e after 7 attempts',
      alert: 'subscription.failing',
    });
    expect(transitionAfter('failing', { action: 'done' })?.alert).toBe('subscription.recovered');
    expect(transitionAfter('active', { action: 'stop', reason: 'gone' })?.alert).toBe('subscription.disabled');
  });
});

describe('attempt history', () => {
  it('travels through a header, attempts and skips alike, and summarizes for the DLQ', () => {
    let h = appendHistory([], summarizeAttempt(1, { outcome: 'http_error', status: 500 }, 0));
    h = appendHistory(h, summarizeAttempt(2, { outcome: 'timeout' }, 1000));
    h = appendHistory(h, summarizeSkip(3, { action: 'retry' }, 2000));
    const back = readHistory({ [ATTEMPTS_HEADER]: encodeHistory(h) });
    expect(back).toEqual([
      { n: 1, at: '1970-01-01T00:00:00.000Z', outcome: 'http_error', status: 500 },
      { n: 2, at: '1970-01-01T00:00:01.000Z', outcome: 'timeout' },
      { n: 3, at: '1970-01-01T00:00:02.000Z', outcome: 'circuit_open' },
    ]);
    expect(describeHistory(back)).toBe('2 attempts: #1 http_error 500, #2 timeout, #3 circuit_open');
    expect(readHistory({})).toEqual([]);
    expect(readHistory({ [ATTEMPTS_HEADER]: 'not json' })).toEqual([]);
  });

  it('stays bounded', () => {
    let h = appendHistory([], summarizeAttempt(1, { outcome: 'timeout' }, 0));
    for (let n = 2; n <= 100; n++) h = appendHistory(h, summarizeAttempt(n, { outcome: 'timeout' }, n));
    expect(h.length).toBe(25);
    expect(h[24].n).toBe(100);
  });
});

describe('RateWindow', () => {
  it('allows a burst of the rate, then never more than the rate in any second', () => {
    const w = new RateWindow(2);
    const starts = [0, 0, 0, 0, 0].map((now) => now + w.reserve(now));
    expect(starts).toEqual([0, 0, 1000, 1000, 2000]);
    expect(w.reserve(5000)).toBe(0);
  });

  it('frees a slot a second after each start', () => {
    const w = new RateWindow(2);
    expect([w.reserve(0), w.reserve(400), w.reserve(900), w.reserve(1500)]).toEqual([0, 0, 100, 0]);
  });

  it('applies a new rate to the following reservations', () => {
    const w = new RateWindow(3);
    [0, 0, 0].forEach((t) => w.reserve(t));
    w.setRate(1);
    expect(w.reserve(0)).toBe(1000);
    expect(w.reserve(0)).toBe(2000);
  });
});
