import { randomFillSync } from 'node:crypto';

/** Refilled whole: one system call per POOL_BYTES instead of one per id. */
const POOL_BYTES = 8 * 1024;

let pool = Buffer.alloc(0);
let offset = 0;

/**
 * `size` cryptographically random bytes, cut from a pool that is refilled when used up. Each
 * delivery needs fresh random bytes for its attempt id and often for a traceparent; asking the
 * kernel for 16 bytes at a time cost more CPU than the HMAC signature (seen in a profile).
 * The slice is never overwritten: a used-up pool is replaced, not refilled in place.
 */
export function pooledRandomBytes(size: number): Buffer {
  if (size > POOL_BYTES) return randomFillSync(Buffer.allocUnsafe(size));
  if (offset + size > pool.length) {
    pool = randomFillSync(Buffer.allocUnsafe(POOL_BYTES));
    offset = 0;
  }
  const bytes = pool.subarray(offset, offset + size);
  offset += size;
  return bytes;
}
