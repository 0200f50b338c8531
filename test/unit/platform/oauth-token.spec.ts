import fc from 'fast-check';
import { CachedToken, expiryOf, type Token } from '../../../src/platform/kafka/oauth-token-source.js';

/** A token endpoint that counts its calls, with lifetimes chosen per call. */
function endpoint(lifetimes: number[], clock: { now: number }) {
  let calls = 0;
  const fetchToken = async (): Promise<Token> => {
    const lifetime = lifetimes[Math.min(calls, lifetimes.length - 1)];
    calls++;
    return { value: `token-${calls}`, expiresAt: clock.now + lifetime };
  };
  return { fetchToken, calls: () => calls };
}

describe('OAuth token cache', () => {
  it('reuses a token, then fetches the next before the current one expires', async () => {
    const clock = { now: 1_000_000 };
    const source = endpoint([300_000], clock);
    const cache = new CachedToken(source.fetchToken, () => clock.now);
    expect(await cache.value()).toBe('token-1');
    clock.now += 200_000;
    expect(await cache.value()).toBe('token-1');
    clock.now += 40_001; // past 80 % of its 300 s
    expect(await cache.value()).toBe('token-2');
    expect(source.calls()).toBe(2);
  });

  it('fetches anew after the brokers refused the cached token, but keeps a newer one', async () => {
    const clock = { now: 0 };
    const source = endpoint([300_000], clock);
    const cache = new CachedToken(source.fetchToken, () => clock.now);
    expect(await cache.value()).toBe('token-1');
    cache.discard('token-1');
    expect(await cache.value()).toBe('token-2');
    cache.discard('token-1'); // a late refusal of the old token
    expect(await cache.value()).toBe('token-2');
    expect(source.calls()).toBe(2);
  });

  it('shares one request among concurrent callers', async () => {
    const clock = { now: 0 };
    const source = endpoint([60_000], clock);
    const cache = new CachedToken(source.fetchToken, () => clock.now);
    const values = await Promise.all(Array.from({ length: 20 }, () => cache.value()));
    expect(new Set(values)).toEqual(new Set(['token-1']));
    expect(source.calls()).toBe(1);
  });

  it('asks again after a failed request', async () => {
    let fail = true;
    const cache = new CachedToken(async () => {
      if (fail) throw new Error('endpoint down');
      return { value: 'ok', expiresAt: Date.now() + 60_000 };
    });
    await expect(cache.value()).rejects.toThrow('endpoint down');
    fail = false;
    expect(await cache.value()).toBe('ok');
  });

  it('hands out a token only with a fifth of its life, and at least 30 s, left (or fresh)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 1_000, max: 7_200_000 }), { minLength: 1, maxLength: 5 }),
        fc.array(fc.integer({ min: 0, max: 600_000 }), { minLength: 1, maxLength: 30 }),
        async (lifetimes, steps) => {
          const clock = { now: 0 };
          const issued = new Map<string, Token>();
          let n = 0;
          const cache = new CachedToken(
            async () => {
              const token = { value: `t${n}`, expiresAt: clock.now + lifetimes[n++ % lifetimes.length] };
              issued.set(token.value, token);
              return token;
            },
            () => clock.now,
          );
          for (const step of steps) {
            clock.now += step;
            const token = issued.get(await cache.value())!;
            const lifetime = lifetimes[Number(token.value.slice(1)) % lifetimes.length];
            const left = token.expiresAt - clock.now;
            expect(left).toBeGreaterThanOrEqual(Math.min(lifetime, Math.max(30_000, lifetime * 0.2)));
          }
        },
      ),
    );
  });

  it('takes the lifetime from expires_in, else the JWT exp claim, else five minutes', () => {
    const jwt = (claims: object) => `h.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.s`;
    expect(expiryOf('opaque', 3600, 1_000)).toBe(1_000 + 3_600_000);
    expect(expiryOf(jwt({ exp: 2_000 }), undefined, 1_000)).toBe(2_000_000);
    expect(expiryOf('opaque', undefined, 1_000)).toBe(1_000 + 300_000);
    expect(expiryOf('opaque', 'soon', 1_000)).toBe(1_000 + 300_000);
  });
});
