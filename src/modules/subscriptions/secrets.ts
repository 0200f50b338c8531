import { randomBytes } from 'node:crypto';
import type { SigningSecret, SubscriptionEntity } from './subscription.entity.js';

export const SECRET_MIN_LENGTH = 16;
export const SECRET_MAX_LENGTH = 256;
export const DEFAULT_GRACE_SECONDS = 24 * 3600;
export const MAX_GRACE_SECONDS = 7 * 24 * 3600;

/** A Standard Webhooks secret: `whsec_` + base64 of 32 random bytes. */
export function generateSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/**
 * The secrets a delivery must be signed with at `now`, newest first: the current one plus those
 * still inside a rotation's grace period. Used by the pipeline's signer.
 */
export function validSecrets(sub: Pick<SubscriptionEntity, 'secrets'>, now: Date = new Date()): string[] {
  return sub.secrets
    .filter((s) => !s.expires_at || Date.parse(s.expires_at) > now.getTime())
    .sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at))
    .map((s) => s.secret);
}

/**
 * The secret list after a rotation: the new secret without expiry, every still-valid secret kept
 * until now + grace (0 ends them at once), expired ones dropped.
 */
export function rotateSecrets(
  current: SigningSecret[],
  secret: string,
  graceSeconds: number,
  now: Date,
): SigningSecret[] {
  const until = new Date(now.getTime() + graceSeconds * 1000).toISOString();
  const kept = current
    .filter((s) => graceSeconds > 0 && (s.expires_at === null || Date.parse(s.expires_at) > now.getTime()))
    .map((s) => ({ ...s, expires_at: s.expires_at !== null && s.expires_at < until ? s.expires_at : until }));
  return [{ secret, created_at: now.toISOString(), expires_at: null }, ...kept];
}
