import { classifyResult } from '../../../src/modules/delivery/retry/outcome-classification.js';
import { parseRetryAfter } from '../../../src/modules/delivery/retry/retry-after.js';
import { RetryPolicy, type RetryTier } from '../../../src/modules/delivery/retry/retry-policy.js';

const S = 1000;
const tiers: RetryTier[] = [1, 2, 3, 4, 5, 6].map((n) => ({ label: `${n}s`, ms: n * S, topic: `p.retry-${n}s` }));
const now = Date.parse('2026-01-01T00:00:00Z');
const policy = (random = () => 0, jitterRatio = 0.1, retryAfterMaxMs = 24 * 3600 * S) =>
  new RetryPolicy({ tiers, jitterRatio, retryAfterMaxMs, random });

describe('outcome classification', () => {
  it.each([
    [{ outcome: 'success', status: 200 }, 'success'],
    [{ outcome: 'success', status: 204 }, 'success'],
    [{ outcome: 'http_error', status: 301 }, 'retryable'],
    [{ outcome: 'http_error', status: 400 }, 'retryable'],
    [{ outcome: 'http_error', status: 404 }, 'retryable'],
    [{ outcome: 'http_error', status: 500 }, 'retryable'],
    [{ outcome: 'http_error', status: 429 }, 'throttled'],
    [{ outcome: 'http_error', status: 503 }, 'throttled'],
    [{ outcome: 'http_error', status: 410 }, 'gone'],
    [{ outcome: 'timeout' }, 'retryable'],
    [{ outcome: 'connect_error' }, 'retryable'],
    [{ outcome: 'tls_error' }, 'retryable'],
    [{ outcome: 'dns_error' }, 'retryable'],
    [{ outcome: 'blocked' }, 'blocked'],
  ] as const)('%j → %s', (result, expected) => {
    expect(classifyResult(result)).toBe(expected);
  });
});

describe('Retry-After', () => {
  it('reads delay-seconds and HTTP dates, and ignores anything else', () => {
    expect(parseRetryAfter('5', now)).toBe(5 * S);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
    expect(parseRetryAfter(new Date(now + 90 * S).toUTCString(), now)).toBe(90 * S);
    expect(parseRetryAfter(new Date(now - 90 * S).toUTCString(), now)).toBe(0);
    for (const bad of [undefined, '', '-1', '5s', '1.5', 'soon']) expect(parseRetryAfter(bad, now)).toBeUndefined();
  });
});

describe('RetryPolicy', () => {
  it('sends failed attempt n to tier n, due after its delay, and is exhausted after the last tier', () => {
    const p = policy();
    for (let n = 1; n <= 6; n++) {
      expect(p.next(n, { outcome: 'http_error', status: 500 }, now)).toEqual({
        action: 'retry',
        topic: `p.retry-${n}s`,
        tier: `${n}s`,
        dueAt: now + n * S,
      });
    }
    expect(p.next(7, { outcome: 'timeout' }, now)).toEqual({ action: 'exhausted' });
  });

  it('only ever adds jitter, up to the configured fraction of the delay', () => {
    const low = policy(() => 0).next(3, { outcome: 'timeout' }, now);
    const high = policy(() => 0.999999).next(3, { outcome: 'timeout' }, now);
    expect(low).toMatchObject({ dueAt: now + 3 * S });
    expect(high).toMatchObject({ dueAt: now + 3 * S + 299 });
  });

  it('ends on success, and stops without retries on 410 and on a blocked target', () => {
    expect(policy().next(1, { outcome: 'success', status: 200 }, now)).toEqual({ action: 'done' });
    expect(policy().next(2, { outcome: 'http_error', status: 410 }, now)).toEqual({ action: 'stop', reason: 'gone' });
    expect(policy().next(1, { outcome: 'blocked' }, now)).toEqual({ action: 'stop', reason: 'blocked' });
  });

  it('honours Retry-After on 429/503, in the shortest tier that is at least as long', () => {
    const step = policy().next(1, { outcome: 'http_error', status: 429, headers: { 'retry-after': '5' } }, now);
    expect(step).toEqual({ action: 'retry', topic: 'p.retry-5s', tier: '5s', dueAt: now + 5 * S });
    const date = new Date(now + 3 * S).toUTCString();
    const byDate = policy().next(1, { outcome: 'http_error', status: 503, headers: { 'Retry-After': date } }, now);
    expect(byDate).toMatchObject({ topic: 'p.retry-3s', dueAt: now + 3 * S });
  });

  it('clamps Retry-After between the tier delay, the maximum and the longest tier', () => {
    const short = policy().next(4, { outcome: 'http_error', status: 429, headers: { 'retry-after': '1' } }, now);
    expect(short).toEqual({ action: 'retry', topic: 'p.retry-4s', tier: '4s', dueAt: now + 4 * S });
    const long = policy(() => 0, 0.1, 4500).next(
      1,
      { outcome: 'http_error', status: 429, headers: { 'retry-after': '3600' } },
      now,
    );
    expect(long).toMatchObject({ topic: 'p.retry-5s', dueAt: now + 4500 });
    // Longer than the last tier: due 60 s out, it would hold up for a minute the records behind it there.
    const beyond = policy().next(1, { outcome: 'http_error', status: 429, headers: { 'retry-after': '60' } }, now);
    expect(beyond).toMatchObject({ topic: 'p.retry-6s', dueAt: now + 6 * S });
  });

  it('ignores Retry-After on other statuses', () => {
    const step = policy().next(1, { outcome: 'http_error', status: 500, headers: { 'retry-after': '60' } }, now);
    expect(step).toMatchObject({ topic: 'p.retry-1s', dueAt: now + S });
  });

  describe('overload penalty', () => {
    const penalized = (overloadPenaltyMs: number, random = () => 0) =>
      new RetryPolicy({ tiers, jitterRatio: 0.1, retryAfterMaxMs: 24 * 3600 * S, random, overloadPenaltyMs });

    it('waits the penalty longer after a timeout or a 429, in the shortest tier at least that long', () => {
      expect(penalized(2 * S).next(1, { outcome: 'timeout' }, now)).toEqual({
        action: 'retry',
        topic: 'p.retry-3s',
        tier: '3s',
        dueAt: now + 3 * S,
      });
      expect(penalized(2 * S).next(2, { outcome: 'http_error', status: 429 }, now)).toMatchObject({
        topic: 'p.retry-4s',
        dueAt: now + 4 * S,
      });
    });

    it('keeps the jitter on top, and lets a longer Retry-After win', () => {
      expect(penalized(2 * S, () => 0.5).next(1, { outcome: 'timeout' }, now)).toMatchObject({ dueAt: now + 3050 });
      const asked = { outcome: 'http_error', status: 429, headers: { 'retry-after': '5' } } as const;
      expect(penalized(2 * S).next(1, asked, now)).toMatchObject({ topic: 'p.retry-5s', dueAt: now + 5 * S });
    });

    it('is not added after other failures, nor when it is 0', () => {
      const step = (p: RetryPolicy, result: Parameters<RetryPolicy['next']>[1]) => p.next(1, result, now);
      expect(step(penalized(2 * S), { outcome: 'http_error', status: 500 })).toMatchObject({ dueAt: now + S });
      expect(step(penalized(2 * S), { outcome: 'http_error', status: 503 })).toMatchObject({ dueAt: now + S });
      expect(step(penalized(2 * S), { outcome: 'connect_error' })).toMatchObject({ dueAt: now + S });
      expect(step(penalized(0), { outcome: 'timeout' })).toEqual(step(policy(), { outcome: 'timeout' }));
    });
  });

  it('moves a task not attempted (circuit open) to its next tier, or to exhaustion after the last', () => {
    expect(policy().skip(2, now)).toEqual({ action: 'retry', topic: 'p.retry-2s', tier: '2s', dueAt: now + 2 * S });
    expect(policy().skip(7, now)).toEqual({ action: 'exhausted' });
  });
});
