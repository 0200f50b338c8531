import { jest } from '@jest/globals';
import { DirectLane } from '../../../src/modules/delivery/dispatch/direct-lane.js';
import { PRESSURE } from '../../../src/modules/delivery/pressure/pressure-thresholds.js';
import { SubscriptionPressure } from '../../../src/modules/delivery/pressure/subscription-pressure.js';
import { AppConfig } from '../../../src/platform/config/app-config.js';
import { deliveryTask } from '../../support/delivery-tasks.js';

/** A lane of `capacity` tasks (INGEST_CONCURRENCY twice that) whose dispatches end when the test says. */
function laneOf(capacity: number, env: Record<string, string> = {}) {
  const config = AppConfig.fromEnv({ INGEST_CONCURRENCY: String(2 * capacity), ...env });
  const pressure = new SubscriptionPressure(config);
  const lane = new DirectLane(pressure, config);
  const running = new Map<string, () => void>();
  const started: string[] = [];
  lane.attach((task) => {
    started.push(task.event.id);
    const end = Promise.withResolvers<void>();
    running.set(task.event.id, () => {
      pressure.release(task.subscription_id, { outcome: 'answered', firstByteMs: 1 });
      end.resolve();
    });
    return end.promise;
  });
  const offer = (subscription: string) => {
    const task = deliveryTask('t', subscription);
    return { id: task.event.id, way: lane.offer(task) };
  };
  const finish = (id: string) => running.get(id)!();
  return { lane, pressure, offer, finish, started };
}

const settledNow = <T>(promise: Promise<T> | undefined) =>
  Promise.race([promise, new Promise<'waiting'>((r) => setImmediate(() => r('waiting')))]);

afterEach(() => jest.useRealTimers());

describe('DirectLane', () => {
  it('runs tasks at once up to its capacity, and the next in arrival order as room frees', async () => {
    const { offer, finish, started, lane } = laneOf(2);
    const [a, b, c, d] = [offer('s1'), offer('s2'), offer('s3'), offer('s1')];
    expect(started).toEqual([a.id, b.id]);
    expect([await settledNow(c.way), await settledNow(d.way)]).toEqual(['waiting', 'waiting']);
    expect(lane.inFlight).toBe(2);

    finish(a.id);
    expect(await a.way).toBe('delivered');
    await settledNow(c.way);
    expect(started).toEqual([a.id, b.id, c.id]);
    finish(b.id);
    finish(c.id);
    await settledNow(d.way);
    expect(started).toEqual([a.id, b.id, c.id, d.id]);
    finish(d.id);
    expect(await Promise.all([b.way, c.way, d.way])).toEqual(['delivered', 'delivered', 'delivered']);
    expect(lane.inFlight).toBe(0);
  });

  it('declines at once what an unhealthy subscription sends, and everything when it is off', async () => {
    const { offer, pressure } = laneOf(4);
    const now = Date.now();
    pressure.deferred('deferring', now - PRESSURE.deferringConfirmedAfterMs);
    pressure.deferred('deferring', now);
    expect(offer('deferring').way).toBeUndefined();
    expect(offer('fine').way).toBeInstanceOf(Promise);

    const off = laneOf(4, { INGEST_DIRECT_DISPATCH: 'false' });
    expect(off.offer('fine').way).toBeUndefined();
  });

  it('declines its waiting tasks, and new ones at once, while it stays full with nothing ending', async () => {
    jest.useFakeTimers({ doNotFake: ['setImmediate'] });
    const { offer, finish, started } = laneOf(2);
    const [a] = [offer('hang1'), offer('hang2')];
    const waiting = offer('healthy');

    await jest.advanceTimersByTimeAsync(PRESSURE.laneStuckMs - 1);
    expect(await settledNow(waiting.way)).toBe('waiting');
    await jest.advanceTimersByTimeAsync(PRESSURE.laneStuckMs / 4 + 1);
    expect(await waiting.way).toBe('declined');
    expect(offer('healthy').way).toBeUndefined();

    // One of its requests ends: the lane makes progress, and takes tasks again.
    finish(a.id);
    expect(await a.way).toBe('delivered');
    const after = offer('healthy');
    expect(after.way).toBeInstanceOf(Promise);
    expect(started).toContain(after.id);
  });

  it('lets a waiting task have the room of a running one whose subscription turned unhealthy, up to half its capacity', async () => {
    jest.useFakeTimers({ doNotFake: ['setImmediate'] });
    const { offer, finish, started, pressure, lane } = laneOf(2);
    const [hang1, hang2] = [offer('hang'), offer('hang')];
    pressure.sending('hang');
    pressure.sending('hang');
    const [first, second] = [offer('healthy'), offer('healthy')];

    // Its requests wait for the endpoint, but not yet past its slow threshold: still healthy.
    await jest.advanceTimersByTimeAsync(PRESSURE.relativeMinMs / 2 + 1);
    expect(await settledNow(first.way)).toBe('waiting');
    // Past it: one of them gives its room (half of 2), the other keeps it.
    await jest.advanceTimersByTimeAsync(PRESSURE.relativeMinMs);
    await settledNow(first.way);
    expect(started).toEqual([hang1.id, hang2.id, first.id]);
    expect(await settledNow(second.way)).toBe('waiting');
    expect(lane.inFlight).toBe(3);

    // The task that gave its room ends without passing room on; the healthy one's end does.
    finish(hang1.id);
    expect(await hang1.way).toBe('delivered');
    expect(await settledNow(second.way)).toBe('waiting');
    finish(first.id);
    await first.way;
    await settledNow(second.way);
    expect(started).toContain(second.id);
    finish(hang2.id);
    finish(second.id);
    expect(await Promise.all([hang2.way, second.way])).toEqual(['delivered', 'delivered']);
    expect(lane.inFlight).toBe(0);
  });
});
