import { randomBytes } from 'node:crypto';

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-[0-9a-f]{2}$/;

/** The producer's W3C traceparent when it sent a valid one, else a new root context. */
export function traceparentFor(incoming: string | undefined): string {
  if (incoming && TRACEPARENT.test(incoming)) return incoming;
  return `00-${randomBytes(16).toString('hex')}-${randomBytes(8).toString('hex')}-01`;
}
