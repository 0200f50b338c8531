import { createHmac, createSecretKey, type KeyObject } from 'node:crypto';

export interface SignatureInput {
  /** The message id: the event id, identical across retries (Standard Webhooks' webhook-id). */
  msgId: string;
  /** Unix time in seconds, signed into X-Webhook-Signature and webhook-timestamp. */
  timestamp: number;
  /** The exact bytes sent as the request body. */
  body: string;
  /** Every currently valid secret; during a rotation's grace period, the new one and the old ones. */
  secrets: readonly string[];
}

export interface SignatureHeaders {
  'x-signature': string;
  'x-webhook-signature': string;
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

const STANDARD_WEBHOOKS_PREFIX = 'whsec_';

/**
 * What a message id may be: it is sent as the `webhook-id` header and signed as text, so only
 * visible ASCII (an HTTP header carries no control character and nothing above U+00FF, and
 * leading or trailing spaces do not survive one), at most 255 characters.
 */
const MESSAGE_ID = /^[\x21-\x7e]{1,255}$/;

export const isMessageId = (id: unknown): id is string => typeof id === 'string' && MESSAGE_ID.test(id);

/**
 * HMAC keys by secret, made once: Node prepares a raw key on every createHmac, and for a Buffer key
 * (the Standard Webhooks form) that took ten times the HMAC itself. Bounded: cleared when full.
 */
const MAX_CACHED_KEYS = 10_000;
const utf8Keys = new Map<string, KeyObject>();
const standardKeys = new Map<string, KeyObject>();

function cachedKey(cache: Map<string, KeyObject>, secret: string, bytes: (secret: string) => Buffer): KeyObject {
  let key = cache.get(secret);
  if (!key) {
    if (cache.size >= MAX_CACHED_KEYS) cache.clear();
    cache.set(secret, (key = createSecretKey(bytes(secret))));
  }
  return key;
}

const utf8Key = (secret: string) => cachedKey(utf8Keys, secret, (s) => Buffer.from(s, 'utf8'));
const standardKey = (secret: string) => cachedKey(standardKeys, secret, standardWebhooksKey);
const hmac = (key: KeyObject, data: string) => createHmac('sha256', key).update(data, 'utf8');

/**
 * The Standard Webhooks HMAC key: a `whsec_<base64>` secret is used base64-decoded, as the
 * Standard Webhooks libraries expect; any other secret is used as its UTF-8 bytes.
 */
export function standardWebhooksKey(secret: string): Buffer {
  return secret.startsWith(STANDARD_WEBHOOKS_PREFIX)
    ? Buffer.from(secret.slice(STANDARD_WEBHOOKS_PREFIX.length), 'base64')
    : Buffer.from(secret, 'utf8');
}

/**
 * The signature headers of a delivery (ARCHITECTURE §3), one signature per valid secret so that
 * consumers rotate secrets without downtime:
 * - `X-Signature: sha256=<hex>` — HMAC of the body; several secrets give comma-separated entries
 *   (`sha256=<a>,sha256=<b>`), newest first; a consumer accepts the request when any entry matches.
 * - `X-Webhook-Signature: t=<ts>,v1=<hex>[,v1=<hex>…]` — HMAC of `"<t>.<body>"` (Stripe's shape).
 * - `webhook-id`, `webhook-timestamp`, `webhook-signature: v1,<base64>[ v1,<base64>…]` — Standard
 *   Webhooks, HMAC of `"<id>.<t>.<body>"`, space-separated entries.
 * The HMAC key of the first two is the secret's UTF-8 bytes, whsec_ prefix included.
 */
export function signDelivery(input: SignatureInput): SignatureHeaders {
  if (input.secrets.length === 0) throw new Error('cannot sign without a secret');
  const t = String(Math.floor(input.timestamp));
  const timestamped = `${t}.${input.body}`;
  const standard = `${input.msgId}.${t}.${input.body}`;
  return {
    'x-signature': input.secrets.map((s) => `sha256=${hmac(utf8Key(s), input.body).digest('hex')}`).join(','),
    'x-webhook-signature': [
      `t=${t}`,
      ...input.secrets.map((s) => `v1=${hmac(utf8Key(s), timestamped).digest('hex')}`),
    ].join(','),
    'webhook-id': input.msgId,
    'webhook-timestamp': t,
    'webhook-signature': input.secrets.map((s) => `v1,${hmac(standardKey(s), standard).digest('base64')}`).join(' '),
  };
}
