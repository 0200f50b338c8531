import { pooledRandomBytes } from '../../platform/ids/random-pool.js';

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-[0-9a-f]{2}$/;

/** The producer's W3C traceparent when it sent a valid one, else a new root context. */
export function traceparentFor(incoming: string | undefined): string {
  if (incoming && TRACEPARENT.test(incoming)) return incoming;
  const ids = pooledRandomBytes(24).toString('hex');
  return `00-${ids.slice(0, 32)}-${ids.slice(32)}-01`;
}
