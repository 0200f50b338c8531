import { pooledRandomBytes } from '../../../src/platform/ids/random-pool.js';

describe('pooledRandomBytes', () => {
  it('hands out slices of the asked size that are never handed out twice', () => {
    const slices = Array.from({ length: 2_000 }, () => pooledRandomBytes(16));
    expect(slices.every((s) => s.length === 16)).toBe(true);
    expect(new Set(slices.map((s) => s.toString('hex'))).size).toBe(slices.length);
  });

  it('leaves a slice as it was after the pool behind it has been used up and replaced', () => {
    const first = pooledRandomBytes(16);
    const copy = Buffer.from(first);
    for (let i = 0; i < 3_000; i++) pooledRandomBytes(24);
    expect(first.equals(copy)).toBe(true);
  });

  it('serves a request larger than the pool on its own', () => {
    expect(pooledRandomBytes(64 * 1024).length).toBe(64 * 1024);
  });
});
