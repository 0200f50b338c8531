import { Injectable } from '@nestjs/common';
import { TokenBucket } from './token-bucket.js';

/**
 * The per-subscription delivery rate (subscriptions.rate_limit_per_second), enforced per instance
 * by delaying the start of each attempt. A waiting task holds one of its subscription's
 * concurrency slots (DELIVERY_CONCURRENCY_PER_SUBSCRIPTION), so a slow limit never holds up
 * other subscriptions' deliveries.
 */
@Injectable()
export class SubscriptionRateLimiter {
  private readonly buckets = new Map<string, TokenBucket>();

  async acquire(subscriptionId: string, perSecond: number | null | undefined): Promise<void> {
    if (!perSecond || perSecond <= 0) {
      this.buckets.delete(subscriptionId);
      return;
    }
    const now = Date.now();
    let bucket = this.buckets.get(subscriptionId);
    if (!bucket) this.buckets.set(subscriptionId, (bucket = new TokenBucket(perSecond, now)));
    else if (bucket.rate !== perSecond) bucket.setRate(perSecond);
    const wait = bucket.reserve(now);
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  }
}
