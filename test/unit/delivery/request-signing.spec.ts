import { generateKeyPairSync, verify } from 'node:crypto';
import { ed25519SigningKey, hmacSigningKey, signDelivery } from '../../../src/platform/egress/signer.js';
import { USER_AGENT } from '../../../src/platform/egress/user-agent.js';
import { signedRequestHeaders } from '../../../src/modules/delivery/signing/request-signing.js';

const now = Date.parse('2026-01-01T12:00:00Z');

describe('signedRequestHeaders (deliveries and alerts)', () => {
  it('signs with every key it is given, in order, and names Hookline', () => {
    const keys = [hmacSigningKey('new-secret-new-secret'), hmacSigningKey('old-secret-old-secret')];
    const headers = signedRequestHeaders({ msgId: 'evt_1', body: '{"a":1}', keys, now });
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

  it('sends only Standard Webhooks headers, v1a, for an ed25519 key', () => {
    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    const seed = Buffer.from(privateKey.export({ format: 'jwk' }).d!, 'base64url');
    const headers = signedRequestHeaders({ msgId: 'evt_2', body: '{"b":2}', keys: [ed25519SigningKey(seed)], now });
    expect(Object.keys(headers).sort()).toEqual(
      ['content-type', 'user-agent', 'webhook-id', 'webhook-signature', 'webhook-timestamp'].sort(),
    );
    const [version, signature] = headers['webhook-signature'].split(',');
    expect(version).toBe('v1a');
    expect(verify(null, Buffer.from(`evt_2.${now / 1000}.{"b":2}`), publicKey, Buffer.from(signature, 'base64'))).toBe(
      true,
    );
  });

  it('refuses to send unsigned when no key is valid', () => {
    expect(() => signedRequestHeaders({ msgId: 'evt_1', body: '{}', keys: [], now })).toThrow('cannot sign');
  });
});
