import { SubscriptionSlots } from '../../../src/modules/delivery/dispatch/subscription-slots.js';

/** Requests of another subscription start and finish: the process is not stalled. */
async function othersFinish(slots: SubscriptionSlots, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    await slots.acquire('other', 10);
    slots.release('other', 'answered');
  }
}

describe('SubscriptionSlots', () => {
  it('holds at most the share per subscription, and hands a freed slot to a waiter', async () => {
    const slots = new SubscriptionSlots(2);
    expect(await slots.acquire('a', 1000)).toBe(true);
    expect(await slots.acquire('a', 1000)).toBe(true);
    expect(await slots.acquire('b', 1000)).toBe(true);
    const waiting = slots.acquire('a', 1000);
    slots.release('a');
    expect(await waiting).toBe(true);
  });

  it('answers false when no slot frees in time, and at once when the subscription has been stuck that long', async () => {
    const slots = new SubscriptionSlots(1);
    const start = Date.now();
    expect(await slots.acquire('hang', 50, start)).toBe(true);
    slots.sending('hang', start - 1_000);
    await othersFinish(slots, 100);
    expect(await slots.acquire('hang', 50)).toBe(false);
    expect(Date.now() - start).toBeGreaterThanOrEqual(45);
    // At once: settled before the event loop's next turn (no timer), however busy the machine is.
    const answer = slots.acquire('hang', 50, start + 60);
    const nextTurn = new Promise((r) => setImmediate(() => r('waited')));
    expect(await Promise.race([answer, nextTurn])).toBe(false);
  });

  it('keeps a waiter waiting while no other subscription finishes either (the whole process stalls)', async () => {
    const slots = new SubscriptionSlots(1);
    expect(await slots.acquire('busy', 50)).toBe(true);
    slots.sending('busy', Date.now() - 1_000);
    await othersFinish(slots, 99);
    let answer: boolean | undefined;
    const waiting = slots.acquire('busy', 50).then((a) => (answer = a));
    await new Promise((r) => setTimeout(r, 300));
    expect(answer).toBeUndefined();
    // The others move again while it still holds its slot: now its endpoint is the one that hangs.
    await othersFinish(slots, 1);
    expect(await waiting).toBe(false);
  }, 5_000);

  it('keeps a waiter waiting while its requests are not with the endpoint (queued inside the process)', async () => {
    const slots = new SubscriptionSlots(1);
    expect(await slots.acquire('queued', 50)).toBe(true);
    await othersFinish(slots, 100);
    let answer: boolean | undefined;
    const waiting = slots.acquire('queued', 50).then((a) => (answer = a));
    await new Promise((r) => setTimeout(r, 300));
    expect(answer).toBeUndefined();
    // Its request goes out and is not answered past the slow threshold: now its endpoint holds it.
    slots.sending('queued', Date.now() - 1_000);
    expect(await waiting).toBe(false);
  }, 5_000);

  it('starts at four, gains one per answered request and halves on an overloaded one', async () => {
    const slots = new SubscriptionSlots(32);
    expect(slots.limitOf('s')).toBe(4);
    for (let i = 0; i < 4; i++) expect(await slots.acquire('s', 10)).toBe(true);
    const answered = slots.sending('s', Date.now() - 1_000);
    await othersFinish(slots, 100);
    expect(await slots.acquire('s', 10)).toBe(false);
    answered();
    for (let i = 0; i < 4; i++) slots.release('s', 'answered');
    expect(slots.limitOf('s')).toBe(8);
    expect(await slots.acquire('s', 10)).toBe(true);
    slots.release('s', 'overloaded');
    expect(slots.limitOf('s')).toBe(4);
    for (let i = 0; i < 10; i++) slots.release('s', 'overloaded');
    expect(slots.limitOf('s')).toBe(1);
  });
});

describe('SubscriptionSlots: slow endpoints, from time to first byte', () => {
  it('halves the limit once per slow threshold while nothing finishes, long before a timeout', async () => {
    const slots = new SubscriptionSlots(32);
    const start = Date.now();
    for (let i = 0; i < 4; i++) expect(await slots.acquire('hang', 10, start)).toBe(true);
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

  it('leaves the limit alone while no request waits for the endpoint (the tasks wait inside the process)', async () => {
    const slots = new SubscriptionSlots(32);
    const start = Date.now();
    for (let i = 0; i < 4; i++) expect(await slots.acquire('queued', 10, start)).toBe(true);
    const answered = slots.sending('queued', start);
    answered();
    slots.sweep(start + 2_000);
    expect(slots.limitOf('queued')).toBe(4);
  });

  it('says its endpoint holds a subscription only while one of its requests waits past the slow threshold', () => {
    const slots = new SubscriptionSlots(32);
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

  it('gives no extra slot for an answer slower than ten times the usual first byte', async () => {
    const slots = new SubscriptionSlots(32);
    await slots.acquire('s', 10);
    slots.release('s', 'answered', 200);
    expect(slots.limitOf('s')).toBe(5);
    expect(slots.slowAfterMs('s')).toBe(2_000);
    await slots.acquire('s', 10);
    slots.release('s', 'answered', 2_500);
    expect(slots.limitOf('s')).toBe(5);
    await slots.acquire('s', 10);
    slots.release('s', 'answered', 150);
    expect(slots.limitOf('s')).toBe(6);
    expect(slots.slowAfterMs('s')).toBe(1_500);
  });

  it('leaves a subscription alone while its requests keep finishing', async () => {
    const slots = new SubscriptionSlots(32);
    const start = Date.now();
    await slots.acquire('busy', 10, start);
    await slots.acquire('busy', 10, start);
    slots.sweep(start + 800);
    slots.release('busy', 'answered', 5);
    slots.sweep(Date.now() + 800);
    expect(slots.limitOf('busy')).toBe(5);
  });
});

describe('SubscriptionSlots: reporting the limits that moved', () => {
  it('hands out each moved limit once, with its value now', async () => {
    const slots = new SubscriptionSlots(32);
    expect(slots.takeChanged().size).toBe(0);
    await slots.acquire('a', 10);
    slots.release('a', 'answered', 5);
    await slots.acquire('b', 10);
    slots.release('b', 'overloaded');
    expect(slots.takeChanged()).toEqual(
      new Map([
        ['a', 5],
        ['b', 2],
      ]),
    );
    expect(slots.takeChanged().size).toBe(0);
    await slots.acquire('c', 10);
    slots.release('c');
    expect(slots.takeChanged().size).toBe(0);
  });
});
