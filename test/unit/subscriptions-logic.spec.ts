import { patternMatches } from '../../src/modules/event-types/event-catalog.js';
import fc from 'fast-check';
import { AppError } from '../../src/platform/errors/app-error.js';
import {
  checkRotationLimit,
  MAX_VALID_SECRETS,
  rotateSecrets,
  validSecrets,
} from '../../src/modules/subscriptions/secrets.js';
import type { SigningSecret } from '../../src/modules/subscriptions/subscription.entity.js';
import { coveringPatterns } from '../../src/modules/subscriptions/subscriptions.service.js';
import { ifMatchAdmits } from '../../src/modules/subscriptions/subscription-view.js';

describe('secret rotation', () => {
  const t0 = new Date('2025-01-01T00:00:00Z');
  const version = (id: string, at: Date): SigningSecret => ({
    id,
    scheme: 'hmac-sha256',
    sealed: `enc1:k:${id}`,
    created_at: at.toISOString(),
    expires_at: null,
  });
  const ids = (secrets: SigningSecret[]) => secrets.map((s) => s.id);
  const initial = [version('old', t0)];
  const later = (ms: number) => new Date(t0.getTime() + ms);

  it('keeps the previous secret valid during the grace period, newest first', () => {
    const now = later(1000);
    const rotated = rotateSecrets(initial, version('new', now), 3600, now);
    expect(ids(validSecrets(rotated, now))).toEqual(['new', 'old']);
    expect(ids(validSecrets(rotated, new Date(now.getTime() + 3601_000)))).toEqual(['new']);
  });

  it('ends the previous secret at once with a zero grace period', () => {
    expect(ids(validSecrets(rotateSecrets(initial, version('new', t0), 0, t0), t0))).toEqual(['new']);
  });

  it('never extends a secret already expiring sooner', () => {
    const first = rotateSecrets(initial, version('b', t0), 60, t0);
    const second = rotateSecrets(first, version('c', later(1000)), 3600, later(1000));
    expect(second.find((s) => s.id === 'old')!.expires_at).toBe(later(60_000).toISOString());
  });

  it('refuses a fourth valid secret with 409 SECRET_LIMIT_REACHED naming the one that expires first', () => {
    let secrets = initial;
    for (const [i, id] of ['b', 'c'].entries())
      secrets = rotateSecrets(secrets, version(id, later(i + 1)), 3600, later(i + 1));
    const error = (() => {
      try {
        checkRotationLimit(secrets, 3600, later(10));
      } catch (e) {
        return e as AppError;
      }
    })();
    expect(error).toBeInstanceOf(AppError);
    expect(error!.code).toBe('SECRET_LIMIT_REACHED');
    expect(error!.status).toBe(409);
    expect(error!.message).toContain(
      `The secret old (created ${t0.toISOString()}) stops signing at ${later(3_600_001).toISOString()}`,
    );
    expect(error!.details.map((d) => d.field)).toEqual(['secrets.old', 'secrets.b']);
    expect(() => checkRotationLimit(secrets, 0, later(10))).not.toThrow();
    expect(() => checkRotationLimit(secrets, 3600, later(3_600_002))).not.toThrow();
  });

  it('never leaves more than three valid secrets, whatever the rotations and their timing', () => {
    const rotation = fc.record({
      afterMs: fc.integer({ min: 0, max: 7_200_000 }),
      grace: fc.integer({ min: 0, max: 7200 }),
    });
    fc.assert(
      fc.property(fc.array(rotation, { maxLength: 12 }), (rotations) => {
        let secrets = initial;
        let now = t0;
        rotations.forEach(({ afterMs, grace }, i) => {
          now = new Date(now.getTime() + afterMs);
          try {
            checkRotationLimit(secrets, grace, now);
          } catch {
            return;
          }
          secrets = rotateSecrets(secrets, version(`v${i}`, now), grace, now);
          expect(validSecrets(secrets, now).length).toBeLessThanOrEqual(MAX_VALID_SECRETS);
          expect(validSecrets(secrets, now)[0].id).toBe(`v${i}`);
        });
      }),
    );
  });
});

describe('event patterns', () => {
  it('matches exact types, prefixes and everything', () => {
    expect(patternMatches('order.*', 'order.created')).toBe(true);
    expect(patternMatches('order.*', 'payment.failed')).toBe(false);
    expect(patternMatches('*', 'payment.failed')).toBe(true);
    expect(coveringPatterns('order.item.added')).toEqual(['order.item.added', '*', 'order.*', 'order.item.*']);
  });
});

describe('ETags', () => {
  it('admits If-Match for the current version, *, weak forms and lists', () => {
    expect(ifMatchAdmits(undefined, { version: 3 })).toBe(true);
    expect(ifMatchAdmits('"3"', { version: 3 })).toBe(true);
    expect(ifMatchAdmits('W/"3"', { version: 3 })).toBe(true);
    expect(ifMatchAdmits('"1", "3"', { version: 3 })).toBe(true);
    expect(ifMatchAdmits('*', { version: 3 })).toBe(true);
    expect(ifMatchAdmits('"2"', { version: 3 })).toBe(false);
  });
});
