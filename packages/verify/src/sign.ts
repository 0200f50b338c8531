import { createHmac, createPrivateKey, createPublicKey, generateKeyPairSync, sign as ed25519Sign } from 'node:crypto';
import { PUBLIC_KEY_PREFIX, standardWebhooksKey } from './schemes.js';

/** A Standard Webhooks Ed25519 private key: `whsk_` + base64 of its 32-byte seed (or seed and public key, 64). */
export const SECRET_KEY_PREFIX = 'whsk_';

export interface SignInput {
  /** webhook-id: Hookline sends the event id. */
  id: string;
  /** Unix seconds; default now. */
  timestamp?: number;
  body: string | Uint8Array;
  /**
   * One signature per secret, in this order, as Hookline does during a rotation. A `whsk_` private
   * key signs Standard Webhooks v1a (Ed25519) only; the others sign all three headers with HMAC.
   */
  secrets: string | readonly string[];
}

/**
 * The signature headers Hookline sends, by lowercase name, ready for a test request. A type, not
 * an interface, so that it passes wherever a plain header record is expected. The two HMAC-only
 * headers are left out when only whsk_ keys sign (an ed25519 subscription).
 */
export type SignedHeaders = {
  'x-signature'?: string;
  'x-webhook-signature'?: string;
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
};

/** A new Ed25519 key pair in Standard Webhooks form, for tests: sign with `secretKey`, verify with `publicKey`. */
export function ed25519KeyPair(): { secretKey: string; publicKey: string } {
  const { privateKey } = generateKeyPairSync('ed25519');
  const jwk = privateKey.export({ format: 'jwk' });
  return {
    secretKey: `${SECRET_KEY_PREFIX}${Buffer.from(jwk.d!, 'base64url').toString('base64')}`,
    publicKey: `${PUBLIC_KEY_PREFIX}${Buffer.from(jwk.x!, 'base64url').toString('base64')}`,
  };
}

function ed25519PrivateKey(secretKey: string) {
  const seed = Buffer.from(secretKey.slice(SECRET_KEY_PREFIX.length), 'base64').subarray(0, 32);
  if (seed.length !== 32) throw new TypeError('a whsk_ key is whsk_ + base64 of 32 (or 64) bytes');
  const prefix = Buffer.from('302e020100300506032b657004220420', 'hex'); // PKCS#8 Ed25519, RFC 8410
  const key = createPrivateKey({ key: Buffer.concat([prefix, seed]), format: 'der', type: 'pkcs8' });
  createPublicKey(key); // fails early on a malformed key
  return key;
}

/**
 * Signs a body the way Hookline signs a delivery, for consumers' tests: post it with these
 * headers and your verifying endpoint should accept it.
 */
export function sign(input: SignInput): SignedHeaders {
  const secrets = typeof input.secrets === 'string' ? [input.secrets] : input.secrets;
  if (secrets.length === 0) throw new TypeError('sign needs at least one secret');
  const t = String(Math.floor(input.timestamp ?? Date.now() / 1000));
  const body = typeof input.body === 'string' ? Buffer.from(input.body, 'utf8') : Buffer.from(input.body);
  const hmac = (key: string | Buffer, prefix: string) => createHmac('sha256', key).update(prefix, 'utf8').update(body);
  const standard = Buffer.concat([Buffer.from(`${input.id}.${t}.`, 'utf8'), body]);
  const hmacSecrets = secrets.filter((s) => !s.startsWith(SECRET_KEY_PREFIX));
  const webhookSignature = secrets
    .map((s) =>
      s.startsWith(SECRET_KEY_PREFIX)
        ? `v1a,${ed25519Sign(null, standard, ed25519PrivateKey(s)).toString('base64')}`
        : `v1,${hmac(standardWebhooksKey(s), `${input.id}.${t}.`).digest('base64')}`,
    )
    .join(' ');
  return {
    ...(hmacSecrets.length > 0 && {
      'x-signature': hmacSecrets.map((s) => `sha256=${hmac(s, '').digest('hex')}`).join(','),
      'x-webhook-signature': [`t=${t}`, ...hmacSecrets.map((s) => `v1=${hmac(s, `${t}.`).digest('hex')}`)].join(','),
    }),
    'webhook-id': input.id,
    'webhook-timestamp': t,
    'webhook-signature': webhookSignature,
  };
}
