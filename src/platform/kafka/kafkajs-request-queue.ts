import { createRequire } from 'node:module';

/**
 * kafkajs 2.2.4's request queue re-arms its throttle check at the end of every check, even when no
 * request waits and none is throttled: `throttledUntil` starts at -1, so the delay is negative, Node
 * runs it after 1 ms (warning TimeoutNegativeWarning from Node 23 on), and that check re-arms itself
 * again. Every broker connection (a service holds a few dozen: each consumer group, the producer,
 * the admin client) so wakes the event loop a thousand times a second for as long as it lives,
 * busy or idle (tulios/kafkajs#1704 and #1751, open upstream).
 *
 * The replacement arms the check only when a request waits: for the end of a throttle, or after
 * kafkajs's own 10 ms interval while requests wait for an in-flight slot. Nothing else needs it, as
 * kafkajs checks the queue on every push and every answer or timeout of a request.
 */
const CHECK_PENDING_REQUESTS_INTERVAL_MS = 10;

interface RequestQueueState {
  pending: unknown[];
  throttledUntil: number;
  throttleCheckTimeoutId: NodeJS.Timeout | null;
  checkPendingRequests(): void;
  scheduleCheckPendingRequests(): void;
}

function scheduleCheckPendingRequests(this: RequestQueueState): void {
  if (this.throttleCheckTimeoutId || this.pending.length === 0) return;
  const throttledForMs = this.throttledUntil - Date.now();
  this.throttleCheckTimeoutId = setTimeout(
    () => {
      this.throttleCheckTimeoutId = null;
      this.checkPendingRequests();
    },
    throttledForMs > 0 ? throttledForMs : CHECK_PENDING_REQUESTS_INTERVAL_MS,
  );
}

const require = createRequire(import.meta.url);
/** kafkajs's RequestQueue class (CommonJS, not part of its public API, hence the pinned version). */
export const RequestQueue = require('kafkajs/src/network/requestQueue/index.js') as {
  new (options: Record<string, unknown>): RequestQueueState;
  prototype: RequestQueueState;
};
RequestQueue.prototype.scheduleCheckPendingRequests = scheduleCheckPendingRequests;
