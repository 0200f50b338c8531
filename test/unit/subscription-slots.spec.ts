import { SubscriptionSlots } from '../../src/modules/deliveries/subscription-slots.js';

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
    expect(await slots.acquire('hang', 50)).toBe(false);
    expect(Date.now() - start).toBeGreaterThanOrEqual(45);
    const before = Date.now();
    expect(await slots.acquire('hang', 50, start + 60)).toBe(false);
    expect(Date.now() - before).toBeLessThan(20);
  });

  it('starts at four, gains one per answered request and halves on an overloaded one', async () => {
    const slots = new SubscriptionSlots(32);
    expect(slots.limitOf('s')).toBe(4);
    for (let i = 0; i < 4; i++) expect(await slots.acquire('s', 10)).toBe(true);
    expect(await slots.acquire('s', 10)).toBe(false);
    for (let i = 0; i < 4; i++) slots.release('s', 'answered');
    expect(slots.limitOf('s')).toBe(8);
    expect(await slots.acquire('s', 10)).toBe(true);
    slots.release('s', 'overloaded');
    expect(slots.limitOf('s')).toBe(4);
    for (let i = 0; i < 10; i++) slots.release('s', 'overloaded');
    expect(slots.limitOf('s')).toBe(1);
  });
});
