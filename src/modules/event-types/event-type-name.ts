/** `<resource>.<action>`, dotted lower-case segments of [a-z0-9_-]; at least two segments. */
export const EVENT_TYPE_NAME = /^[a-z0-9_-]+(\.[a-z0-9_-]+)+$/;
export const EVENT_TYPE_MAX_LENGTH = 200;
const WILDCARD_PREFIX = /^[a-z0-9_-]+(\.[a-z0-9_-]+)*\.\*$/;

export function isEventTypeName(text: string): boolean {
  return text.length <= EVENT_TYPE_MAX_LENGTH && EVENT_TYPE_NAME.test(text);
}

/** `*` or a well-formed prefix wildcard (`invoice.*`); valid before any type it covers exists. */
export function isWildcard(pattern: string): boolean {
  return pattern === '*' || (pattern.length <= EVENT_TYPE_MAX_LENGTH && WILDCARD_PREFIX.test(pattern));
}

/** Whether a subscription pattern (`order.created`, `order.*`, `*`) covers an event type. */
export function patternMatches(pattern: string, type: string): boolean {
  if (pattern === '*') return true;
  if (pattern.endsWith('.*')) return type.startsWith(pattern.slice(0, -1));
  return pattern === type;
}
