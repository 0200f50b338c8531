import { MalformedHeaderError } from './errors.js';
import { parseTimestamp, requireHeader, type HeadersLike } from './headers.js';

/** The three signature forms of a Hookline delivery; each one is sent on every delivery. */
export type SignatureScheme = 'standard-webhooks' | 'x-webhook-signature' | 'x-signature';

/** What one scheme's headers say, and how it builds the bytes its signatures cover. */
export interface ParsedSignatures {
  /** The header holding the signatures, named in errors. */
  header: string;
  /** Unix seconds signed into the payload; absent for X-Signature, which signs no time. */
  timestamp?: number;
  /** webhook-id, Standard Webhooks only. */
  id?: string;
  /** Every candidate signature, decoded; one per secret valid at Hookline during a rotation. */
  signatures: Buffer[];
  signedPayload(body: Buffer): Buffer;
  hmacKey(secret: string): Buffer;
}

const STANDARD_WEBHOOKS_PREFIX = 'whsec_';
const HEX_SHA256 = /^[0-9a-fA-F]{64}$/;
// 32 bytes in padded standard base64 is exactly 43 characters and one '='.
const BASE64_SHA256 = /^[A-Za-z0-9+/]{43}=$/;

const utf8Key = (secret: string) => Buffer.from(secret, 'utf8');

/** A `whsec_<base64>` secret signs Standard Webhooks base64-decoded; any other secret as UTF-8. */
export function standardWebhooksKey(secret: string): Buffer {
  return secret.startsWith(STANDARD_WEBHOOKS_PREFIX)
    ? Buffer.from(secret.slice(STANDARD_WEBHOOKS_PREFIX.length), 'base64')
    : utf8Key(secret);
}

/** `a=1,b=2` into pairs, split at each entry's first `=`. */
function keyValueEntries(header: string, value: string): [string, string][] {
  return value.split(',').map((raw) => {
    const entry = raw.trim();
    const at = entry.indexOf('=');
    if (at <= 0) throw new MalformedHeaderError(header, `entry "${entry}" is not key=value`);
    return [entry.slice(0, at), entry.slice(at + 1)];
  });
}

function hexSignature(header: string, value: string): Buffer {
  if (!HEX_SHA256.test(value)) throw new MalformedHeaderError(header, 'a signature is not 64 hex digits');
  return Buffer.from(value, 'hex');
}

/** `X-Signature: sha256=<hex>[,sha256=<hex>…]`: HMAC of the body alone. */
function parseXSignature(headers: HeadersLike): ParsedSignatures {
  const header = 'x-signature';
  const signatures = keyValueEntries(header, requireHeader(headers, header, ','))
    .filter(([key]) => key === 'sha256')
    .map(([, value]) => hexSignature(header, value));
  if (signatures.length === 0) throw new MalformedHeaderError(header, 'no sha256= entry');
  return { header, signatures, signedPayload: (body) => body, hmacKey: utf8Key };
}

/** `X-Webhook-Signature: t=<unix>,v1=<hex>[,v1=<hex>…]`: HMAC of `<t>.<body>`. */
function parseXWebhookSignature(headers: HeadersLike): ParsedSignatures {
  const header = 'x-webhook-signature';
  const entries = keyValueEntries(header, requireHeader(headers, header, ','));
  const times = entries.filter(([key]) => key === 't');
  if (times.length !== 1) throw new MalformedHeaderError(header, 'needs exactly one t= entry');
  const rawTimestamp = times[0][1];
  const timestamp = parseTimestamp(header, rawTimestamp);
  const signatures = entries.filter(([key]) => key === 'v1').map(([, value]) => hexSignature(header, value));
  if (signatures.length === 0) throw new MalformedHeaderError(header, 'no v1= entry');
  // The time exactly as sent: the signature covers the header's characters, not the number.
  const prefix = Buffer.from(`${rawTimestamp}.`, 'utf8');
  return { header, timestamp, signatures, signedPayload: (body) => Buffer.concat([prefix, body]), hmacKey: utf8Key };
}

/** Standard Webhooks: `webhook-signature: v1,<base64>[ v1,<base64>…]`, HMAC of `<id>.<t>.<body>`. */
function parseStandardWebhooks(headers: HeadersLike): ParsedSignatures {
  const header = 'webhook-signature';
  const id = requireHeader(headers, 'webhook-id');
  const rawTimestamp = requireHeader(headers, 'webhook-timestamp');
  const timestamp = parseTimestamp('webhook-timestamp', rawTimestamp);
  const signatures = requireHeader(headers, header, ' ')
    .split(/\s+/)
    .map((entry) => {
      const at = entry.indexOf(',');
      if (at <= 0) throw new MalformedHeaderError(header, `entry "${entry}" is not version,signature`);
      return [entry.slice(0, at), entry.slice(at + 1)];
    })
    // Other versions (v1a is the asymmetric one) are not Hookline's; they are skipped, not failed.
    .filter(([version]) => version === 'v1')
    .map(([, value]) => {
      if (!BASE64_SHA256.test(value))
        throw new MalformedHeaderError(header, 'a v1 signature is not 32 bytes of base64');
      return Buffer.from(value, 'base64');
    });
  if (signatures.length === 0) throw new MalformedHeaderError(header, 'no v1, entry');
  const prefix = Buffer.from(`${id}.${rawTimestamp}.`, 'utf8');
  return {
    header,
    id,
    timestamp,
    signatures,
    signedPayload: (body) => Buffer.concat([prefix, body]),
    hmacKey: standardWebhooksKey,
  };
}

export const SCHEMES: Record<SignatureScheme, (headers: HeadersLike) => ParsedSignatures> = {
  'standard-webhooks': parseStandardWebhooks,
  'x-webhook-signature': parseXWebhookSignature,
  'x-signature': parseXSignature,
};
