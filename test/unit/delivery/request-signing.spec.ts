import { signDelivery } from '../../../src/platform/egress/signer.js';
import { USER_AGENT } from '../../../src/modules/delivery/signing/user-agent.js';
import { signedRequestHeaders } from '../../../src/modules/delivery/signing/request-signing.js';

const now = Date.parse('2026-01-01T12:00:00Z');
const secret = (value: string, created: string, expires: string | null = null) => ({
  secret: value,
  created_at: created,
  expires_at: expires,
});

describe('signedRequestHeaders (deliveries and alerts)', () => {
  it('signs with the secrets still valid at the request time, newest first, and names Hookline', () => {
    const secrets = [
      secret('old-secret-old-secret', '2025-12-01T00:00:00Z', '2026-01-01T13:00:00Z'),
      secret('expired-secret-expired', '2025-11-01T00:00:00Z', '2026-01-01T11:00:00Z'),
      secret('new-secret-new-secret', '2026-01-01T10:00:00Z'),
    ];
    const headers = signedRequestHeaders({ msgId: 'evt_1', body: '{"a":1}', secrets, now });
    expect(headers).toEqual({
      ...signDelivery({
        msgId: 'evt_1',
        timestamp: now / 1000,
        body: '{"a":1}',
        secrets: ['new-secret-new-secret', 'old-secret-old-secret'],
      }),
      'content-type': 'application/json',
      'user-agent': USER_AGENT,
    });
  });

  it('refuses to send unsigned when every secret has expired', () => {
    const secrets = [secret('expired-secret-expired', '2025-11-01T00:00:00Z', '2026-01-01T11:00:00Z')];
    expect(() => signedRequestHeaders({ msgId: 'evt_1', body: '{}', secrets, now })).toThrow('cannot sign');
  });
});
