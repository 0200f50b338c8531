import { createHmac, createPublicKey, timingSafeEqual, verify, type KeyObject } from 'node:crypto';
import { NoMatchingSignatureError, TimestampOutsideToleranceError } from './errors.js';
import type { HeadersLike } from './headers.js';
import { PUBLIC_KEY_PREFIX, SCHEMES, type ParsedSignatures, type SignatureScheme } from './schemes.js';

/** The replay window Hookline's interface asks consumers to enforce. */
export const DEFAULT_TOLERANCE_SECONDS = 300;

export interface VerifyOptions {
  /**
   * The subscription's secret, or several while you rotate it on your side: any one may match. For
   * an ed25519 subscription, its public key `whpk_<base64>` (GET /v1/webhooks/{id}/signing-key):
   * the Standard Webhooks v1a signatures are checked with it.
   */
  secret: string | readonly string[];
  /**
   * Which header to check. Hookline sends all three; there is no fallback from one to another,
   * because a fallback to X-Signature (which signs no time) would let a replayed body through.
   * Default: 'standard-webhooks'.
   */
  scheme?: SignatureScheme;
  /** How far the signed time may be from now, either way, in seconds. Default 300. */
  toleranceSeconds?: number;
  /** The current time in unix seconds; for tests. Default: the clock. */
  now?: number;
}

export interface VerifiedDelivery {
  scheme: SignatureScheme;
  /** The signed unix time (not for X-Signature). */
  timestamp?: number;
  /** The webhook-id, which is the event id (Standard Webhooks only). */
  id?: string;
}

/**
 * Checks one delivery against the exact bytes of its body, as received: re-serialised JSON
 * differs in spacing, escapes or key order and fails. Throws a WebhookVerificationError
 * (MissingHeaderError, MalformedHeaderError, TimestampOutsideToleranceError,
 * NoMatchingSignatureError); a TypeError means the options themselves are wrong.
 */
export function verifyWebhook(
  body: string | Uint8Array,
  headers: HeadersLike,
  options: VerifyOptions,
): VerifiedDelivery {
  const secrets = secretList(options.secret);
  const scheme = options.scheme ?? 'standard-webhooks';
  // hasOwn, so that a scheme such as 'toString' is unknown rather than an inherited function.
  if (!Object.hasOwn(SCHEMES, scheme)) throw new TypeError(`unknown signature scheme ${String(scheme)}`);
  const hmacSecrets = secrets.filter((s) => !s.startsWith(PUBLIC_KEY_PREFIX));
  const publicKeys = secrets.filter((s) => s.startsWith(PUBLIC_KEY_PREFIX)).map(publicKeyOf);
  if (publicKeys.length > 0 && scheme !== 'standard-webhooks')
    throw new TypeError('a whpk_ public key verifies Standard Webhooks (v1a) signatures only');
  const parsed = SCHEMES[scheme](headers, { v1: hmacSecrets.length > 0, v1a: publicKeys.length > 0 });
  if (parsed.timestamp !== undefined) checkTolerance(parsed.timestamp, options);
  const payload = parsed.signedPayload(toBuffer(body));
  if (!hmacMatches(parsed, payload, hmacSecrets) && !ed25519Matches(parsed, payload, publicKeys))
    throw new NoMatchingSignatureError(parsed.header);
  return { scheme, timestamp: parsed.timestamp, id: parsed.id };
}

function secretList(secret: string | readonly string[]): readonly string[] {
  const secrets = typeof secret === 'string' ? [secret] : secret;
  if (secrets.length === 0 || secrets.some((s) => typeof s !== 'string' || s.length === 0))
    throw new TypeError('verifyWebhook needs at least one non-empty secret');
  return secrets;
}

function checkTolerance(timestamp: number, options: VerifyOptions): void {
  const tolerance = options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  if (!Number.isFinite(tolerance) || tolerance < 0) throw new TypeError('toleranceSeconds must be 0 or more');
  const now = options.now ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - timestamp) > tolerance) throw new TimestampOutsideToleranceError(timestamp, now, tolerance);
}

const toBuffer = (body: string | Uint8Array) =>
  typeof body === 'string' ? Buffer.from(body, 'utf8') : Buffer.from(body.buffer, body.byteOffset, body.byteLength);

/** `whpk_<base64 of 32 bytes>` as a public key; a TypeError when it is not one. */
function publicKeyOf(text: string): KeyObject {
  const raw = Buffer.from(text.slice(PUBLIC_KEY_PREFIX.length), 'base64');
  if (raw.length !== 32) throw new TypeError('a whpk_ public key is whpk_ + base64 of 32 bytes');
  return createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: raw.toString('base64url') }, format: 'jwk' });
}

function ed25519Matches(parsed: ParsedSignatures, payload: Buffer, keys: readonly KeyObject[]): boolean {
  return keys.some((key) => parsed.asymmetric.some((signature) => verify(null, payload, key, signature)));
}

function hmacMatches(parsed: ParsedSignatures, payload: Buffer, secrets: readonly string[]): boolean {
  for (const secret of secrets) {
    const expected = createHmac('sha256', parsed.hmacKey(secret)).update(payload).digest();
    // Every candidate is 32 bytes (the parsers check), so timingSafeEqual never sees unequal lengths.
    if (parsed.signatures.some((candidate) => timingSafeEqual(candidate, expected))) return true;
  }
  return false;
}
