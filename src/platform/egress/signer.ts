import { createHmac, createPrivateKey, createPublicKey, createSecretKey, sign, type KeyObject } from 'node:crypto';

/** A key a request is signed with, ready for use; made once per subscription version, never per request. */
export type SigningKey =
  | {
      scheme: 'hmac-sha256';
      /** The secret's UTF-8 bytes: X-Signature and X-Webhook-Signature. */
      utf8: KeyObject;
      /** The Standard Webhooks key: a whsec_ secret base64-decoded, any other as UTF-8. */
      standard: KeyObject;
    }
  | { scheme: 'ed25519'; privateKey: KeyObject };

export interface SignatureInput {
  /** The message id: the event id, identical across retries (Standard Webhooks' webhook-id). */
  msgId: string;
  /** Unix time in seconds, signed into X-Webhook-Signature and webhook-timestamp. */
  timestamp: number;
  /** The exact bytes sent as the request body. */
  body: string;
}

export interface SignatureHeaders {
  /** Absent when no HMAC key signs (an ed25519-only subscription). */
  'x-signature'?: string;
  'x-webhook-signature'?: string;
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

const STANDARD_WEBHOOKS_PREFIX = 'whsec_';
/** DER of a PKCS#8 Ed25519 private key before its 32-byte seed (RFC 8410). */
const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

/**
 * What a message id may be: it is sent as the `webhook-id` header and signed as text, so only
 * visible ASCII (an HTTP header carries no control character and nothing above U+00FF, and
 * leading or trailing spaces do not survive one), at most 255 characters.
 */
export const MESSAGE_ID = /^[\x21-\x7e]{1,255}$/;

export const isMessageId = (id: unknown): id is string => typeof id === 'string' && MESSAGE_ID.test(id);

/**
 * The Standard Webhooks HMAC key: a `whsec_<base64>` secret is used base64-decoded, as the
 * Standard Webhooks libraries expect; any other secret is used as its UTF-8 bytes.
 */
export function standardWebhooksKey(secret: string): Buffer {
  return secret.startsWith(STANDARD_WEBHOOKS_PREFIX)
    ? Buffer.from(secret.slice(STANDARD_WEBHOOKS_PREFIX.length), 'base64')
    : Buffer.from(secret, 'utf8');
}

export function hmacSigningKey(secret: string): SigningKey {
  return {
    scheme: 'hmac-sha256',
    utf8: createSecretKey(Buffer.from(secret, 'utf8')),
    standard: createSecretKey(standardWebhooksKey(secret)),
  };
}

/** An Ed25519 signing key from its 32-byte private seed. */
export function ed25519SigningKey(seed: Buffer): SigningKey {
  if (seed.length !== 32) throw new Error('an Ed25519 private key is 32 bytes');
  return { scheme: 'ed25519', privateKey: ed25519PrivateKey(seed) };
}

export function ed25519PrivateKey(seed: Buffer): KeyObject {
  return createPrivateKey({ key: Buffer.concat([ED25519_PKCS8_PREFIX, seed]), format: 'der', type: 'pkcs8' });
}

/** The raw 32-byte public key of an Ed25519 private seed. */
export function ed25519PublicKey(seed: Buffer): Buffer {
  const jwk = createPublicKey(ed25519PrivateKey(seed)).export({ format: 'jwk' });
  return Buffer.from(jwk.x!, 'base64url');
}

const hmac = (key: KeyObject, data: string) => createHmac('sha256', key).update(data, 'utf8');

/**
 * The signature headers of a delivery (docs/reference/webhook-requests.md), one signature per key so that consumers
 * rotate with no downtime, newest key first:
 * - `X-Signature: sha256=<hex>[,sha256=<hex>…]` — HMAC of the body (HMAC keys only).
 * - `X-Webhook-Signature: t=<ts>,v1=<hex>[,v1=<hex>…]` — HMAC of `"<t>.<body>"` (HMAC keys only).
 * - `webhook-id`, `webhook-timestamp`, `webhook-signature` — Standard Webhooks over
 *   `"<id>.<t>.<body>"`: `v1,<base64 HMAC-SHA256>` per HMAC key and `v1a,<base64 Ed25519>` per
 *   Ed25519 key, space-separated.
 */
export function signWithKeys(input: SignatureInput, keys: readonly SigningKey[]): SignatureHeaders {
  if (keys.length === 0) throw new Error('cannot sign without a secret');
  const t = String(Math.floor(input.timestamp));
  const standard = `${input.msgId}.${t}.${input.body}`;
  const hmacKeys = keys.flatMap((k) => (k.scheme === 'hmac-sha256' ? [k] : []));
  const timestamped = `${t}.${input.body}`;
  const signatures = keys.map((k) =>
    k.scheme === 'hmac-sha256'
      ? `v1,${hmac(k.standard, standard).digest('base64')}`
      : `v1a,${sign(null, Buffer.from(standard, 'utf8'), k.privateKey).toString('base64')}`,
  );
  return {
    ...(hmacKeys.length > 0 && {
      'x-signature': hmacKeys.map((k) => `sha256=${hmac(k.utf8, input.body).digest('hex')}`).join(','),
      'x-webhook-signature': [`t=${t}`, ...hmacKeys.map((k) => `v1=${hmac(k.utf8, timestamped).digest('hex')}`)].join(
        ',',
      ),
    }),
    'webhook-id': input.msgId,
    'webhook-timestamp': t,
    'webhook-signature': signatures.join(' '),
  };
}

/**
 * signWithKeys for HMAC secrets given as text (the URL verification challenge, tests and the
 * signature vectors). The HMAC key of the first two headers is the secret's UTF-8 bytes, whsec_
 * prefix included.
 */
export function signDelivery(input: SignatureInput & { secrets: readonly string[] }): Required<SignatureHeaders> {
  return signWithKeys(input, input.secrets.map(hmacSigningKey)) as Required<SignatureHeaders>;
}
