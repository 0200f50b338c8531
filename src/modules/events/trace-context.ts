import { pooledRandomBytes } from '../../platform/ids/random-pool.js';
import { TRACEPARENT_V00 } from '../../platform/telemetry/propagation.js';

/** The producer's W3C traceparent when it sent a valid one, else a new root context. */
export function traceparentFor(incoming: string | undefined): string {
  if (incoming && TRACEPARENT_V00.test(incoming)) return incoming;
  const ids = pooledRandomBytes(24).toString('hex');
  return `00-${ids.slice(0, 32)}-${ids.slice(32)}-01`;
}
