/** What the consumer base does with a record of a key that meets its buffer. */
export type KeyVerdict = 'admit' | 'step-aside';

/**
 * The consumer base's questions about the keys of its records (ports and adapters: the platform
 * declares what it asks, and the module that knows what a key stands for answers). For the
 * delivery stage and the retry tiers a key is a subscription, and the delivery module's pressure
 * owner answers. The consumer base keeps its buffer's mechanics (bounds, shares, who waits); it
 * never judges whether a key stalls.
 */
export interface KeyPressure {
  /** How long a record waits for room before a stalled key's waiting task gives its place up. */
  readonly roomWaitMs: number;
  /** A wait for room longer than this is a blocked partition, not back-pressure (a metric). */
  readonly blockedAfterMs: number;
  /** A record of `key` meets the buffer, `waiting` of the key's tasks already waiting in it. */
  admit(key: string, waiting: number, now: number): KeyVerdict;
  /**
   * Whether one of the key's waiting tasks gives its place to another key's record: when the key
   * is plainly stalled, or (`plainly` false, a last resort) stalled at all.
   */
  givesWay(key: string, plainly: boolean, now: number): boolean;
}
