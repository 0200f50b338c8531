/**
 * A token bucket that hands out start times: reserve() says how long the caller must wait before
 * its delivery may start, so that a subscription never receives more than `perSecond` deliveries
 * in any second (bursts up to `perSecond` after an idle spell). Waiting callers are served in
 * order of reservation.
 */
export class TokenBucket {
  private tokens: number;
  private updatedAt: number;

  constructor(
    private perSecond: number,
    now: number,
  ) {
    this.tokens = perSecond;
    this.updatedAt = now;
  }

  get rate(): number {
    return this.perSecond;
  }

  /** A changed limit applies from now on; tokens already earned are capped at the new burst. */
  setRate(perSecond: number): void {
    this.perSecond = perSecond;
    this.tokens = Math.min(this.tokens, perSecond);
  }

  /** Takes one token, possibly borrowed from the future; returns the ms to wait before using it. */
  reserve(now: number): number {
    const elapsed = Math.max(0, now - this.updatedAt) / 1000;
    this.tokens = Math.min(this.perSecond, this.tokens + elapsed * this.perSecond);
    this.updatedAt = now;
    this.tokens -= 1;
    return this.tokens >= 0 ? 0 : Math.ceil((-this.tokens / this.perSecond) * 1000);
  }
}
