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
});
