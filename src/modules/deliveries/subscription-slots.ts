/**
 * Requests in flight per subscription across every consumer of this process (the deliveries topic
 * and each retry tier have their own buffers), so that a hanging endpoint holds at most its share
 * of connections and slots however many stages hold its tasks.
 */
export class SubscriptionSlots {
  private readonly held = new Map<string, number>();
  private readonly waiters = new Map<string, (() => void)[]>();
  /** When a request of each busy subscription last finished: a long wait means its endpoint hangs. */
  private readonly lastRelease = new Map<string, number>();

  constructor(private readonly maxPerSubscription: number) {}

  /**
   * True once a slot is held; false when none freed within timeoutMs, or at once when every slot is
   * held and none was freed for timeoutMs already (the caller steps aside).
   */
  async acquire(id: string, timeoutMs: number, now = Date.now()): Promise<boolean> {
    if (this.take(id, now)) return true;
    if (now - (this.lastRelease.get(id) ?? now) >= timeoutMs) return false;
    return new Promise<boolean>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        resolve(this.take(id) || false);
      };
      const timer = setTimeout(() => {
        const queue = this.waiters.get(id) ?? [];
        queue.splice(queue.indexOf(wake), 1);
        resolve(false);
      }, timeoutMs);
      this.waiters.set(id, [...(this.waiters.get(id) ?? []), wake]);
    });
  }

  release(id: string): void {
    const left = (this.held.get(id) ?? 1) - 1;
    if (left <= 0) {
      this.held.delete(id);
      this.lastRelease.delete(id);
    } else {
      this.held.set(id, left);
      this.lastRelease.set(id, Date.now());
    }
    const queue = this.waiters.get(id);
    const next = queue?.shift();
    if (queue?.length === 0) this.waiters.delete(id);
    next?.();
  }

  private take(id: string, now = Date.now()): boolean {
    const held = this.held.get(id) ?? 0;
    if (held >= this.maxPerSubscription) return false;
    if (held === 0) this.lastRelease.set(id, now);
    this.held.set(id, held + 1);
    return true;
  }
}
