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
  /** Every candidate HMAC-SHA256 signature, decoded; one per secret valid at Hookline during a rotation. */
  signatures: Buffer[];
  /** Every candidate Ed25519 signature (Standard Webhooks v1a), decoded; one per valid key version. */
  asymmetric: Buffer[];
  signedPayload(body: Buffer): Buffer;
  hmacKey(secret: string): Buffer;
}

/** Which Standard Webhooks signatures the caller's secrets can check: v1 (HMAC) and/or v1a (Ed25519). */
export interface WantedVersions {
  v1: boolean;
  v1a: boolean;
}

const STANDARD_WEBHOOKS_PREFIX = 'whsec_';
/** A Standard Webhooks Ed25519 public key: `whpk_` + base64 of its 32 bytes. */
export const PUBLIC_KEY_PREFIX = 'whpk_';
const HEX_SHA256 = /^[0-9a-fA-F]{64}$/;
// 32 bytes in padded standard base64 is exactly 43 characters and one '='.
const BASE64_SHA256 = /^[A-Za-z0-9+/]{43}=$/;
// 64 bytes (an Ed25519 signature): 86 characters and two '='.
const BASE64_ED25519 = /^[A-Za-z0-9+/]{86}==$/;

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
  return { header, signatures, asymmetric: [], signedPayload: (body) => body, hmacKey: utf8Key };
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
  return {
    header,
    timestamp,
    signatures,
    asymmetric: [],
    signedPayload: (body) => Buffer.concat([prefix, body]),
    hmacKey: utf8Key,
  };
}

/**
 * Standard Webhooks: `webhook-signature: v1,<base64>[ v1a,<base64>…]` over `<id>.<t>.<body>`: v1
 * an HMAC-SHA256, v1a an Ed25519 signature. Only the versions the caller's secrets check are read
 * (and must be well formed); other versions are skipped, not failed.
 */
function parseStandardWebhooks(headers: HeadersLike, wanted: WantedVersions): ParsedSignatures {
  const header = 'webhook-signature';
  const id = requireHeader(headers, 'webhook-id');
  const rawTimestamp = requireHeader(headers, 'webhook-timestamp');
  const timestamp = parseTimestamp('webhook-timestamp', rawTimestamp);
  const signatures: Buffer[] = [];
  const asymmetric: Buffer[] = [];
  for (const entry of requireHeader(headers, header, ' ').split(/\s+/)) {
    const at = entry.indexOf(',');
    if (at <= 0) throw new MalformedHeaderError(header, `entry "${entry}" is not version,signature`);
    const [version, value] = [entry.slice(0, at), entry.slice(at + 1)];
    if (version === 'v1' && wanted.v1) {
      if (!BASE64_SHA256.test(value))
        throw new MalformedHeaderError(header, 'a v1 signature is not 32 bytes of base64');
      signatures.push(Buffer.from(value, 'base64'));
    } else if (version === 'v1a' && wanted.v1a) {
      if (!BASE64_ED25519.test(value))
        throw new MalformedHeaderError(header, 'a v1a signature is not 64 bytes of base64');
      asymmetric.push(Buffer.from(value, 'base64'));
    }
  }
  if (wanted.v1 && !wanted.v1a && signatures.length === 0) throw new MalformedHeaderError(header, 'no v1, entry');
  if (wanted.v1a && !wanted.v1 && asymmetric.length === 0) throw new MalformedHeaderError(header, 'no v1a, entry');
  if (signatures.length + asymmetric.length === 0) throw new MalformedHeaderError(header, 'no v1, or v1a, entry');
  const prefix = Buffer.from(`${id}.${rawTimestamp}.`, 'utf8');
  return {
    header,
    id,
    timestamp,
    signatures,
    asymmetric,
    signedPayload: (body) => Buffer.concat([prefix, body]),
    hmacKey: standardWebhooksKey,
  };
}

export const SCHEMES: Record<SignatureScheme, (headers: HeadersLike, wanted: WantedVersions) => ParsedSignatures> = {
  'standard-webhooks': parseStandardWebhooks,
  'x-webhook-signature': parseXWebhookSignature,
  'x-signature': parseXSignature,
};
