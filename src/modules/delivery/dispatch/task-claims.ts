import type { DeliveryTaskV1 } from '../delivery-task.js';

/**
 * How many tasks begun lately are remembered. A record written twice (a produce repeated after a
 * timeout whose first try had reached the broker) is read again within seconds, on the same
 * partition and so by the same instance; at 1,000 deliveries a second this covers half a minute.
 */
const REMEMBERED = 30_000;

/**
 * The tasks this instance has begun, by what makes a task one: subscription, event, attempt,
 * trigger, when it was enqueued and how often it stepped aside. Every legitimate new task differs in
 * one of them (a retry's attempt, a recovery's enqueue time, a deferral's count); a second record
 * with all of them equal is a copy of one already handled, and must not send its request again.
 */
export class TaskClaims {
  private readonly claimed = new Map<string, true>();

  /** True when the task is new here (it is then claimed); false for a copy of one begun before. */
  claim(task: DeliveryTaskV1): boolean {
    const identity = identityOf(task);
    if (this.claimed.has(identity)) return false;
    this.claimed.set(identity, true);
    if (this.claimed.size > REMEMBERED) this.claimed.delete(this.claimed.keys().next().value!);
    return true;
  }

  /** Gives a claim back: the task failed before its request and will be handled again. */
  release(task: DeliveryTaskV1): void {
    this.claimed.delete(identityOf(task));
  }
}

const identityOf = (t: DeliveryTaskV1) =>
  [t.subscription_id, t.event.id, t.attempt, t.trigger, t.enqueued_at, t.deferrals ?? 0].join('\u0000');
