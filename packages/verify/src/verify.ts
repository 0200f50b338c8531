import { createHmac, timingSafeEqual } from 'node:crypto';
import { NoMatchingSignatureError, TimestampOutsideToleranceError } from './errors.js';
import type { HeadersLike } from './headers.js';
import { SCHEMES, type ParsedSignatures, type SignatureScheme } from './schemes.js';

/** The replay window Hookline's interface asks consumers to enforce. */
export const DEFAULT_TOLERANCE_SECONDS = 300;

export interface VerifyOptions {
  /** The subscription's secret, or several while you rotate it on your side: any one may match. */
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
  const parsed = SCHEMES[scheme](headers);
  if (parsed.timestamp !== undefined) checkTolerance(parsed.timestamp, options);
  if (!anySignatureMatches(parsed, toBuffer(body), secrets)) throw new NoMatchingSignatureError(parsed.header);
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

function anySignatureMatches(parsed: ParsedSignatures, body: Buffer, secrets: readonly string[]): boolean {
  const payload = parsed.signedPayload(body);
  for (const secret of secrets) {
    const expected = createHmac('sha256', parsed.hmacKey(secret)).update(payload).digest();
    // Every candidate is 32 bytes (the parsers check), so timingSafeEqual never sees unequal lengths.
    if (parsed.signatures.some((candidate) => timingSafeEqual(candidate, expected))) return true;
  }
  return false;
}
