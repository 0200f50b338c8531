/**
 * Every threshold that judges a subscription's pressure, in one table, each with its reason. The
 * pressure owner (SubscriptionPressure) reads them; nothing else judges a stall. docs/design/head-of-line.md
 * explains them for readers.
 */
export const PRESSURE = {
  /**
   * An endpoint counts as slow once a request waits this many times its usual first byte, and a
   * subscription as stalled once none of its requests finished for this many times their usual
   * time: relative, because on a saturated machine a healthy subscription's requests may take a
   * second, while a hanging endpoint's take ten times longer than its own usual.
   */
  relativeFactor: 10,
  /**
   * The relative thresholds are never shorter than this: a glitch of a fast endpoint is not a
   * stall, and a hanging endpoint's tasks must still leave the buffer before they slow the others.
   */
  relativeMinMs: 1_000,
  /** Nor longer than this: well before a 30 s timeout says so. */
  relativeMaxMs: 5_000,
  /**
   * Requests of other subscriptions that must finish while one makes no progress before its stall
   * is plain: when the whole process pauses (a burst, a database flush, a collector pause), every
   * subscription stops at once and none is singled out.
   */
  othersFinishedForPlainStall: 100,
  /**
   * Tasks a plainly stalled subscription keeps waiting in a consumer's buffer, ready for the moment
   * its endpoint answers again; its further records step aside at once. Small and fixed: the bound
   * per subscription may be large (a fast endpoint's), and a hanging one must not hold that much of
   * the buffer.
   */
  stalledWaiting: 32,
  /**
   * How long a record waits for room in a full buffer before a subscription that is stalled, but
   * not plainly, gives its place: no room for the longest stall threshold means nothing finishes
   * anywhere (every subscription hangs, or the process stalls).
   */
  roomWaitMs: 5_000,
  /**
   * A wait for room longer than this is a blocked partition, not back-pressure (a metric): a busy
   * buffer frees room within milliseconds, and a plainly stalled subscription gives its place at once.
   */
  blockedAfterMs: 2_000,
  /**
   * How long a task waits for one of its subscription's request slots before it steps aside (when
   * its endpoint holds it): long enough for a slow large upload to finish, short against a hang.
   */
  slotWaitMs: 5_000,
  /** How often a slot wait that ran out while the whole process stalled is judged again. */
  slotRecheckMs: 1_000,
  /**
   * How long the direct lane may stay full with none of its tasks ending before it declines new
   * ones (through the deliveries topic instead): its requests then wait on endpoints that turned
   * slow together, while a busy lane frees room within milliseconds.
   */
  laneStuckMs: 2_000,
  /** Requests a subscription may have in flight before any of them finished (its adaptive limit's start). */
  initialLimit: 4,
  /**
   * How often the limits of subscriptions with no progress are looked at: each such subscription's
   * limit halves once per slow threshold, as if each such window had ended in a timeout.
   */
  sweepMs: 250,
  /** Weight of the newest request in a subscription's usual request time (a moving average). */
  usualWeight: 1 / 8,
  /**
   * How fast the fastest recent first byte drifts up towards slower answers: slowly, so that an
   * endpoint that slows for good is followed, and one slow answer is not.
   */
  floorDrift: 1 / 50,
  /**
   * How long a subscription must have been stepping aside, with no answer in between, before
   * fan-out steps its new tasks aside too: one deferral may be a glitch of a healthy endpoint (its
   * next answer ends it), and a task deferred by mistake waits a minute.
   */
  deferringConfirmedAfterMs: 2_000,
  /**
   * How long a deferral stands when nothing newer is heard of the subscription: one whose requests
   * time out gives no answer to end it, so it is tried again after this.
   */
  deferringLapsesAfterMs: 10_000,
} as const;

/** The relative rule: `relativeFactor` times a usual time, within relativeMinMs and relativeMaxMs. */
export function relativeThreshold(usualMs: number | undefined): number {
  const scaled = PRESSURE.relativeFactor * (usualMs ?? 0);
  return Math.min(PRESSURE.relativeMaxMs, Math.max(PRESSURE.relativeMinMs, scaled));
}
