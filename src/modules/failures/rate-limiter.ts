import { Injectable } from '@nestjs/common';
import { RateWindow } from './rate-window.js';

/**
 * The per-subscription delivery rate (subscriptions.rate_limit_per_second), enforced per instance
 * by delaying the start of each attempt. A waiting task holds one of its subscription's
 * concurrency slots (DELIVERY_CONCURRENCY_PER_SUBSCRIPTION), so a slow limit never holds up
 * other subscriptions' deliveries.
 */
@Injectable()
export class SubscriptionRateLimiter {
  private readonly windows = new Map<string, RateWindow>();

  async acquire(subscriptionId: string, perSecond: number | null | undefined): Promise<void> {
    if (!perSecond || perSecond <= 0) {
      this.windows.delete(subscriptionId);
      return;
    }
    let window = this.windows.get(subscriptionId);
    if (!window) this.windows.set(subscriptionId, (window = new RateWindow(perSecond)));
    else if (window.rate !== perSecond) window.setRate(perSecond);
    const wait = window.reserve(Date.now());
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  }
}
