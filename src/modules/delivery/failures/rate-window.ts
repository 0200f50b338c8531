/**
 * Start times for a per-second limit: reserve() says how long the caller must wait before its
 * delivery may start so that no 1-second window ever holds more than `perSecond` starts (a burst
 * of `perSecond` after an idle spell, then one start as each slot of a second ago frees up).
 * Callers are served in order of reservation; memory is one number per allowed start.
 */
export class RateWindow {
  private starts: number[] = [];
  private next = 0;

  constructor(private perSecond: number) {}

  get rate(): number {
    return this.perSecond;
  }

  /** A changed limit applies from the next reservation. */
  setRate(perSecond: number): void {
    const recent = [...this.starts.slice(this.next), ...this.starts.slice(0, this.next)].slice(-perSecond);
    this.perSecond = perSecond;
    this.starts = recent;
    this.next = recent.length % perSecond;
  }

  /** Reserves the next start; returns the ms to wait before it. */
  reserve(now: number): number {
    // The start `perSecond` places back must be at least a second before this one.
    const oldest = this.starts.length < this.perSecond ? -Infinity : this.starts[this.next];
    const at = Math.max(now, oldest + 1000);
    if (this.starts.length < this.perSecond) this.starts.push(at);
    else this.starts[this.next] = at;
    this.next = (this.next + 1) % this.perSecond;
    return at - now;
  }
}

/**
 * The starts this instance made in the last second, by their actual times: with the shared slices
 * (which allow the limit plus one slice's share in a second), an instance alone never exceeds the
 * limit itself in any 1-second window.
 */
export class RecentStarts {
  private readonly starts: number[] = [];

  /** How many may start now under `perSecond`, and when the next one frees up when none may. */
  available(now: number, perSecond: number): { count: number; nextAt: number } {
    while (this.starts.length > 0 && this.starts[0] <= now - 1000) this.starts.shift();
    const count = Math.max(0, perSecond - this.starts.length);
    const oldest = this.starts[this.starts.length - perSecond];
    return { count, nextAt: count > 0 || oldest === undefined ? now : oldest + 1000 };
  }

  record(now: number, n: number): void {
    for (let i = 0; i < n; i++) this.starts.push(now);
  }
}
