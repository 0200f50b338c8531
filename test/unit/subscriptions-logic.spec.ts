import { patternMatches } from '../../src/modules/event-types/event-catalog.js';
import { rotateSecrets, validSecrets } from '../../src/modules/subscriptions/secrets.js';
import { coveringPatterns } from '../../src/modules/subscriptions/subscriptions.service.js';
import { ifMatchAdmits } from '../../src/modules/subscriptions/subscription-view.js';

describe('secret rotation', () => {
  const t0 = new Date('2025-01-01T00:00:00Z');
  const initial = [{ secret: 'old', created_at: t0.toISOString(), expires_at: null }];

  it('keeps the previous secret valid during the grace period, newest first', () => {
    const now = new Date(t0.getTime() + 1000);
    const rotated = rotateSecrets(initial, 'new', 3600, now);
    expect(validSecrets({ secrets: rotated }, now)).toEqual(['new', 'old']);
    expect(validSecrets({ secrets: rotated }, new Date(now.getTime() + 3601_000))).toEqual(['new']);
  });

  it('ends the previous secret at once with a zero grace period', () => {
    expect(validSecrets({ secrets: rotateSecrets(initial, 'new', 0, t0) }, t0)).toEqual(['new']);
  });

  it('never extends a secret already expiring sooner', () => {
    const first = rotateSecrets(initial, 'b', 60, t0);
    const second = rotateSecrets(first, 'c', 3600, new Date(t0.getTime() + 1000));
    expect(second.find((s) => s.secret === 'old')!.expires_at).toBe(new Date(t0.getTime() + 60_000).toISOString());
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
