import { CircuitBreaker, type CircuitOptions } from '../../../src/modules/delivery/failures/circuit-breaker.js';

const options = (o: Partial<CircuitOptions> = {}): CircuitOptions => ({
  consecutiveFailures: 3,
  failureRatio: 0,
  minRequests: 10,
  windowMs: 10_000,
  openMs: 5_000,
  ...o,
});

describe('CircuitBreaker', () => {
  it('opens after N consecutive failures; a success in between resets the count', () => {
    const b = new CircuitBreaker(options());
    b.record(false, 0);
    b.record(false, 1);
    b.record(true, 2);
    b.record(false, 3);
    b.record(false, 4);
    expect(b.permit(5)).toBe('attempt');
    b.record(false, 5);
    expect(b.snapshot(6)).toMatchObject({ state: 'open', consecutive_failures: 3, reason: '3 consecutive failures' });
    expect(b.permit(6)).toBe('skip');
    expect(b.permit(5_004)).toBe('skip');
  });

  it('lets exactly one half-open probe through after the open duration; its success closes it', () => {
    const b = new CircuitBreaker(options());
    for (let t = 0; t < 3; t++) b.record(false, t);
    expect(b.permit(5_002)).toBe('probe');
    expect(b.snapshot(5_002).state).toBe('half_open');
    expect(b.permit(5_003)).toBe('skip');
    b.record(true, 5_100);
    expect(b.snapshot(5_100)).toMatchObject({ state: 'closed', consecutive_failures: 0, opened_at: null });
    expect(b.permit(5_101)).toBe('attempt');
  });

  it('opens again when the probe fails, for another open duration', () => {
    const b = new CircuitBreaker(options());
    for (let t = 0; t < 3; t++) b.record(false, t);
    expect(b.permit(6_000)).toBe('probe');
    b.record(false, 6_100);
    expect(b.snapshot(6_100)).toMatchObject({ state: 'open', reason: 'half-open probe failed' });
    expect(b.permit(11_000)).toBe('skip');
    expect(b.permit(11_100)).toBe('probe');
  });

  it('replaces a probe that never reported after another open duration', () => {
    const b = new CircuitBreaker(options());
    for (let t = 0; t < 3; t++) b.record(false, t);
    expect(b.permit(5_002)).toBe('probe');
    expect(b.permit(10_001)).toBe('skip');
    expect(b.permit(10_002)).toBe('probe');
  });

  it('opens on the failure ratio in the window once enough attempts were made', () => {
    const b = new CircuitBreaker(options({ consecutiveFailures: 0, failureRatio: 0.5, minRequests: 6 }));
    for (let i = 0; i < 5; i++) b.record(i % 2 === 0, i * 100);
    expect(b.snapshot(500).state).toBe('closed');
    b.record(false, 600);
    expect(b.snapshot(600)).toMatchObject({ state: 'open', window_attempts: 6, window_failures: 3 });
  });

  it('forgets failures older than the window', () => {
    const b = new CircuitBreaker(options({ consecutiveFailures: 0, failureRatio: 0.5, minRequests: 4 }));
    for (let i = 0; i < 3; i++) b.record(false, i);
    b.record(true, 20_000);
    expect(b.snapshot(20_000)).toMatchObject({ state: 'closed', window_attempts: 1, window_failures: 0 });
    expect(b.idle(20_000)).toBe(true);
  });

  it('is disabled when both thresholds are 0', () => {
    const b = new CircuitBreaker(options({ consecutiveFailures: 0, failureRatio: 0 }));
    expect(b.enabled).toBe(false);
    for (let t = 0; t < 100; t++) b.record(false, t);
    expect(b.permit(100)).toBe('attempt');
  });
});
