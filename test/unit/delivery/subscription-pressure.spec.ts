import { jest } from '@jest/globals';
import { PRESSURE, relativeThreshold } from '../../../src/modules/delivery/pressure/pressure-thresholds.js';
import { RequestSlots } from '../../../src/modules/delivery/pressure/request-slots.js';
import { SubscriptionPressure } from '../../../src/modules/delivery/pressure/subscription-pressure.js';
import { AppConfig } from '../../../src/platform/config/app-config.js';

const pressureWith = (perSubscription: number) =>
  new SubscriptionPressure(AppConfig.fromEnv({ DELIVERY_CONCURRENCY_PER_SUBSCRIPTION: String(perSubscription) }));

/** Requests of another subscription start and finish: the process is not stalled. */
async function othersFinish(pressure: SubscriptionPressure, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    await pressure.acquire('other');
    pressure.release('other', { outcome: 'answered', firstByteMs: 1 });
  }
}

/** Settles with the verdict, or 'waiting' when it did not settle within this turn of the event loop. */
const settledNow = <T>(promise: Promise<T>) =>
  Promise.race([promise, new Promise<'waiting'>((r) => setImmediate(() => r('waiting')))]);

afterEach(() => jest.useRealTimers());

describe('SubscriptionPressure: request slots', () => {
  it('holds at most the share per subscription, and hands a freed slot to a waiter', async () => {
    const pressure = pressureWith(2);
    expect(await pressure.acquire('a')).toBe('take');
    expect(await pressure.acquire('a')).toBe('take');
    expect(await pressure.acquire('b')).toBe('take');
    const waiting = pressure.acquire('a');
    pressure.release('a');
    expect(await waiting).toBe('take');
  });

  it('steps a task aside once its subscription has been plainly stalled for the slot wait, and at once after', async () => {
    jest.useFakeTimers({ doNotFake: ['setImmediate'] });
    const pressure = pressureWith(1);
    expect(await pressure.acquire('hang')).toBe('take');
    pressure.sending('hang');
    await othersFinish(pressure, PRESSURE.othersFinishedForPlainStall);
    const waiting = pressure.acquire('hang');
    await jest.advanceTimersByTimeAsync(PRESSURE.slotWaitMs - 100);
    expect(await settledNow(waiting)).toBe('waiting');
    await jest.advanceTimersByTimeAsync(100);
    expect(await waiting).toBe('step-aside');
    // At once: no timer, whatever the clock does.
    expect(await settledNow(pressure.acquire('hang'))).toBe('step-aside');
    // Patient (nowhere to step aside to): it waits for its slot.
    expect(await settledNow(pressure.acquire('hang', true))).toBe('waiting');
  });

  it('keeps a waiter waiting while no other subscription finishes either (the whole process stalls)', async () => {
    jest.useFakeTimers({ doNotFake: ['setImmediate'] });
    const pressure = pressureWith(1);
    expect(await pressure.acquire('busy')).toBe('take');
    pressure.sending('busy');
    await othersFinish(pressure, PRESSURE.othersFinishedForPlainStall - 1);
    const waiting = pressure.acquire('busy');
    await jest.advanceTimersByTimeAsync(PRESSURE.slotWaitMs + 3 * PRESSURE.slotRecheckMs);
    expect(await settledNow(waiting)).toBe('waiting');
    // The others move again while it still holds its slot: now its endpoint is the one that hangs.
    await othersFinish(pressure, 1);
    await jest.advanceTimersByTimeAsync(PRESSURE.slotRecheckMs);
    expect(await waiting).toBe('step-aside');
  });

  it('keeps a waiter waiting while its requests are not with the endpoint (queued inside the process)', async () => {
    jest.useFakeTimers({ doNotFake: ['setImmediate'] });
    const pressure = pressureWith(1);
    expect(await pressure.acquire('queued')).toBe('take');
    await othersFinish(pressure, PRESSURE.othersFinishedForPlainStall);
    const waiting = pressure.acquire('queued');
    await jest.advanceTimersByTimeAsync(PRESSURE.slotWaitMs + PRESSURE.slotRecheckMs);
    expect(await settledNow(waiting)).toBe('waiting');
    // Its request goes out and is not answered past the slow threshold: now its endpoint holds it.
    pressure.sending('queued', Date.now() - relativeThreshold(undefined));
    await jest.advanceTimersByTimeAsync(PRESSURE.slotRecheckMs);
    expect(await waiting).toBe('step-aside');
  });

  it('starts at four, gains one per answered request and halves on an overloaded one', async () => {
    const pressure = pressureWith(32);
    expect(pressure.limitOf('s')).toBe(PRESSURE.initialLimit);
    for (let i = 0; i < 4; i++) expect(await pressure.acquire('s')).toBe('take');
    for (let i = 0; i < 4; i++) pressure.release('s', { outcome: 'answered', firstByteMs: 5 });
    expect(pressure.limitOf('s')).toBe(8);
    expect(await pressure.acquire('s')).toBe('take');
    pressure.release('s', { outcome: 'overloaded' });
    expect(pressure.limitOf('s')).toBe(4);
    for (let i = 0; i < 10; i++) pressure.release('s', { outcome: 'overloaded' });
    expect(pressure.limitOf('s')).toBe(1);
  });

  it('hands out each moved limit once, with its value now', async () => {
    const pressure = pressureWith(32);
    expect(pressure.takeChanged().size).toBe(0);
    await pressure.acquire('a');
    pressure.release('a', { outcome: 'answered', firstByteMs: 5 });
    await pressure.acquire('b');
    pressure.release('b', { outcome: 'overloaded' });
    expect(pressure.takeChanged()).toEqual(
      new Map([
        ['a', 5],
        ['b', 2],
      ]),
    );
    expect(pressure.takeChanged().size).toBe(0);
    await pressure.acquire('c');
    pressure.release('c');
    expect(pressure.takeChanged().size).toBe(0);
  });
});

describe('RequestSlots: slow endpoints, from time to first byte', () => {
  it('halves the limit once per slow threshold while nothing finishes, long before a timeout', () => {
    const slots = new RequestSlots(32);
    const start = Date.now();
    for (let i = 0; i < 4; i++) expect(slots.tryTake('hang', start)).toBe(true);
    for (let i = 0; i < 4; i++) slots.sending('hang', start);
    expect(slots.slowAfterMs('hang')).toBe(1_000);
    slots.sweep(start + 900);
    expect(slots.limitOf('hang')).toBe(4);
    slots.sweep(start + 1_000);
    expect(slots.limitOf('hang')).toBe(2);
    slots.sweep(start + 1_500);
    expect(slots.limitOf('hang')).toBe(2);
    slots.sweep(start + 2_000);
    expect(slots.limitOf('hang')).toBe(1);
  });

  it('leaves the limit alone while no request waits for the endpoint (the tasks wait inside the process)', () => {
    const slots = new RequestSlots(32);
    const start = Date.now();
    for (let i = 0; i < 4; i++) expect(slots.tryTake('queued', start)).toBe(true);
    slots.sending('queued', start)();
    slots.sweep(start + 2_000);
    expect(slots.limitOf('queued')).toBe(4);
  });

  it('says its endpoint holds a subscription only while one of its requests waits past the slow threshold', () => {
    const slots = new RequestSlots(32);
    const start = Date.now();
    expect(slots.endpointHolds('s', start)).toBe(false);
    const first = slots.sending('s', start);
    const second = slots.sending('s', start + 500);
    expect(slots.endpointHolds('s', start + 999)).toBe(false);
    expect(slots.endpointHolds('s', start + 1_000)).toBe(true);
    first();
    expect(slots.endpointHolds('s', start + 1_000)).toBe(false);
    expect(slots.endpointHolds('s', start + 1_500)).toBe(true);
    second();
    expect(slots.endpointHolds('s', start + 5_000)).toBe(false);
  });

  it('gives no extra slot for an answer slower than ten times the usual first byte', () => {
    const slots = new RequestSlots(32);
    slots.tryTake('s');
    slots.release('s', { outcome: 'answered', firstByteMs: 200 });
    expect(slots.limitOf('s')).toBe(5);
    expect(slots.slowAfterMs('s')).toBe(2_000);
    slots.tryTake('s');
    slots.release('s', { outcome: 'answered', firstByteMs: 2_500 });
    expect(slots.limitOf('s')).toBe(5);
    slots.tryTake('s');
    slots.release('s', { outcome: 'answered', firstByteMs: 150 });
    expect(slots.limitOf('s')).toBe(6);
    expect(slots.slowAfterMs('s')).toBe(1_500);
  });

  it('leaves a subscription alone while its requests keep finishing', () => {
    const slots = new RequestSlots(32);
    const start = Date.now();
    slots.tryTake('busy', start);
    slots.tryTake('busy', start);
    slots.sweep(start + 800);
    slots.release('busy', { outcome: 'answered', firstByteMs: 5 });
    slots.sweep(Date.now() + 800);
    expect(slots.limitOf('busy')).toBe(5);
  });

  it("scales a subscription's stall threshold with its usual request time, between 1 s and 5 s", () => {
    const slots = new RequestSlots(32);
    expect(slots.stallAfterMs('new')).toBe(PRESSURE.relativeMinMs);
    slots.tryTake('steady');
    slots.release('steady', {}, 150);
    expect(slots.stallAfterMs('steady')).toBe(1_500);
    slots.tryTake('sluggish');
    slots.release('sluggish', {}, 700);
    expect(slots.stallAfterMs('sluggish')).toBe(PRESSURE.relativeMaxMs);
  });
});

describe('SubscriptionPressure: one state per subscription', () => {
  /** A subscription holding its one slot, its request sent `ago` ms before `now`, `others` requests of others finished since. */
  async function hanging(pressure: SubscriptionPressure, id: string, others: number) {
    expect(await pressure.acquire(id)).toBe('take');
    pressure.sending(id);
    await othersFinish(pressure, others);
  }

  it('goes from healthy to stalled, plainly once others kept finishing', async () => {
    const pressure = pressureWith(1);
    const now = Date.now();
    expect(pressure.state('s', now)).toEqual({ state: 'healthy' });
    await hanging(pressure, 's', 0);
    expect(pressure.state('s', now + 500)).toEqual({ state: 'healthy' });
    // Its request waits past the slow threshold, but its stall threshold (1 s) has not run since its slot was taken.
    const taken = Date.now();
    expect(pressure.state('s', taken + 1_000).state).toBe('stalled');
    expect(pressure.state('s', taken + 1_000)).toMatchObject({ plainly: false });
    await othersFinish(pressure, PRESSURE.othersFinishedForPlainStall);
    expect(pressure.state('s', taken + 1_000)).toMatchObject({ state: 'stalled', plainly: true });
    expect(pressure.admission('s', taken + 1_000)).toEqual({ verdict: 'step-aside', because: 'stalled' });
  });

  it('stays slow, not stalled, while its requests keep finishing now and then', async () => {
    const pressure = pressureWith(4);
    await hanging(pressure, 's', PRESSURE.othersFinishedForPlainStall);
    const sentAt = Date.now();
    expect(await pressure.acquire('s')).toBe('take');
    // One of its requests finishes 900 ms after the hanging one was sent: progress.
    const releasedAt = sentAt + 900;
    jest.useFakeTimers({ now: releasedAt });
    pressure.release('s', { outcome: 'answered', firstByteMs: 5 });
    expect(pressure.state('s', sentAt + 1_500)).toEqual({ state: 'slow' });
    expect(pressure.admission('s', sentAt + 1_500)).toEqual({ verdict: 'take', slow: true });
    expect(pressure.state('s', releasedAt + PRESSURE.relativeMinMs).state).toBe('stalled');
  });

  it('makes a record step aside at once only when plainly stalled with enough waiting, and gives way accordingly', async () => {
    const pressure = pressureWith(1);
    await hanging(pressure, 's', 0);
    const later = Date.now() + PRESSURE.relativeMinMs;
    expect(pressure.admit('s', PRESSURE.stalledWaiting, later)).toBe('admit');
    expect(pressure.givesWay('s', true, later)).toBe(false);
    expect(pressure.givesWay('s', false, later)).toBe(true);
    await othersFinish(pressure, PRESSURE.othersFinishedForPlainStall);
    expect(pressure.admit('s', PRESSURE.stalledWaiting - 1, later)).toBe('admit');
    expect(pressure.admit('s', PRESSURE.stalledWaiting, later)).toBe('step-aside');
    expect(pressure.givesWay('s', true, later)).toBe(true);
    expect(pressure.givesWay('other', false, later)).toBe(false);
  });

  it('is deferring once its tasks stepped aside for a while with no answer, until one answers in time or it lapses', async () => {
    const pressure = pressureWith(4);
    const start = Date.now();
    pressure.deferred('d', start);
    expect(pressure.state('d', start + PRESSURE.deferringConfirmedAfterMs - 1)).toEqual({ state: 'healthy' });
    expect(pressure.state('d', start + PRESSURE.deferringConfirmedAfterMs)).toEqual({
      state: 'deferring',
      forMs: PRESSURE.deferringConfirmedAfterMs,
    });
    expect(pressure.admission('d', start + PRESSURE.deferringConfirmedAfterMs)).toEqual({
      verdict: 'step-aside',
      because: 'deferring',
    });
    // A late answer (past the slow threshold) does not end it: the endpoint is alive, not able to take its tasks.
    expect(await pressure.acquire('d')).toBe('take');
    pressure.release('d', { outcome: 'answered', firstByteMs: PRESSURE.relativeMinMs + 1 });
    expect(pressure.state('d', start + PRESSURE.deferringConfirmedAfterMs).state).toBe('deferring');
    // An answer in time ends it.
    expect(await pressure.acquire('d')).toBe('take');
    pressure.release('d', { outcome: 'answered', firstByteMs: 5 });
    expect(pressure.state('d', start + PRESSURE.deferringConfirmedAfterMs)).toEqual({ state: 'healthy' });
    // With no answer, it lapses after its latest deferral.
    pressure.deferred('e', start);
    pressure.deferred('e', start + 5_000);
    expect(pressure.state('e', start + 5_000 + PRESSURE.deferringLapsesAfterMs - 1).state).toBe('deferring');
    expect(pressure.state('e', start + 5_000 + PRESSURE.deferringLapsesAfterMs)).toEqual({ state: 'healthy' });
    expect(pressure.state('e', start + 6_000)).toEqual({ state: 'healthy' });
  });

  it('gives the direct lane a slot only while the subscription is healthy', () => {
    const now = Date.now();
    const free = pressureWith(4);
    expect(free.directTurn('h', now)).toBe('taken');

    // A request waits past the slow threshold: slots are free, yet the subscription is not healthy.
    const slow = pressureWith(4);
    expect(slow.directTurn('s', now)).toBe('taken');
    slow.sending('s', now);
    expect(slow.directTurn('s', now + PRESSURE.relativeMinMs - 1)).toBe('taken');
    expect(slow.state('s', now + PRESSURE.relativeMinMs).state).not.toBe('healthy');
    expect(slow.directTurn('s', now + PRESSURE.relativeMinMs)).toBe('declined');

    // Deferring, once confirmed.
    const deferring = pressureWith(4);
    deferring.deferred('d', now);
    expect(deferring.directTurn('d', now + PRESSURE.deferringConfirmedAfterMs)).toBe('declined');
    expect(deferring.directTurn('d', now + PRESSURE.deferringConfirmedAfterMs - 1)).toBe('taken');
  });

  it('lets at most its limit of direct tasks wait for a busy subscription, served before tasks from topics', async () => {
    const pressure = pressureWith(2);
    expect([pressure.directTurn('b'), pressure.directTurn('b')]).toEqual(['taken', 'taken']);
    const fromTopic = pressure.acquire('b');
    const [first, second] = [pressure.directTurn('b'), pressure.directTurn('b')];
    expect(pressure.directTurn('b')).toBe('declined'); // two wait already: its limit
    pressure.release('b', { outcome: 'answered', firstByteMs: 1 });
    pressure.release('b', { outcome: 'answered', firstByteMs: 1 });
    expect([await first, await second]).toEqual([true, true]);
    expect(await settledNow(fromTopic)).toBe('waiting');
    pressure.release('b', { outcome: 'answered', firstByteMs: 1 });
    expect(await fromTopic).toBe('take');
  });

  it('gives a waiting direct task up after the slow threshold: a request then waits past it', async () => {
    jest.useFakeTimers({ doNotFake: ['setImmediate'] });
    const pressure = pressureWith(1);
    expect(pressure.directTurn('w')).toBe('taken');
    pressure.sending('w');
    const waiting = pressure.directTurn('w') as Promise<boolean>;
    await jest.advanceTimersByTimeAsync(PRESSURE.relativeMinMs - 1);
    expect(await settledNow(waiting)).toBe('waiting');
    await jest.advanceTimersByTimeAsync(1);
    expect(await waiting).toBe(false);
    expect(pressure.directTurn('w')).toBe('declined');
  });
});
