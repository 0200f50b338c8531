import { randomBytes } from 'node:crypto';
import { AppError } from '../../platform/errors/app-error.js';
import type { SigningSecret } from './subscription.entity.js';

export const SECRET_MIN_LENGTH = 16;
export const SECRET_MAX_LENGTH = 256;
export const DEFAULT_GRACE_SECONDS = 24 * 3600;
export const MAX_GRACE_SECONDS = 7 * 24 * 3600;
/** A subscription signs with at most this many secrets at once: the current one and two in their grace. */
export const MAX_VALID_SECRETS = 3;

/** A Standard Webhooks secret: `whsec_` + base64 of 32 random bytes. */
export function generateSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

const isValid = (s: Pick<SigningSecret, 'expires_at'>, now: number) =>
  s.expires_at === null || Date.parse(s.expires_at) > now;

/**
 * The secrets a request must be signed with at `now`, newest first: the current one plus those
 * still inside a rotation's grace period.
 */
export function validSecrets<S extends Pick<SigningSecret, 'created_at' | 'expires_at'>>(
  secrets: readonly S[],
  now: Date = new Date(),
): S[] {
  return secrets
    .filter((s) => isValid(s, now.getTime()))
    .sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at));
}

/**
 * The secret list after a rotation: the new secret without expiry, every still-valid secret kept
 * until now + grace (0 ends them at once), expired ones dropped.
 */
export function rotateSecrets(
  current: readonly SigningSecret[],
  fresh: SigningSecret,
  graceSeconds: number,
  now: Date,
): SigningSecret[] {
  const until = new Date(now.getTime() + graceSeconds * 1000).toISOString();
  const kept = current
    .filter((s) => graceSeconds > 0 && isValid(s, now.getTime()))
    .map((s) => ({ ...s, expires_at: s.expires_at !== null && s.expires_at < until ? s.expires_at : until }));
  return [fresh, ...kept];
}

/**
 * Refuses a rotation that would leave more than MAX_VALID_SECRETS valid (409), naming the secret
 * that expires first and when, so the client knows when to rotate again. A rotation without grace
 * ends the others and is always allowed.
 */
export function checkRotationLimit(current: readonly SigningSecret[], graceSeconds: number, now: Date): void {
  if (graceSeconds === 0) return;
  const valid = validSecrets(current, now);
  if (valid.length < MAX_VALID_SECRETS) return;
  const ending = valid.filter((s) => s.expires_at !== null).sort((a, b) => a.expires_at!.localeCompare(b.expires_at!));
  const first = ending[0];
  throw new AppError(
    'SECRET_LIMIT_REACHED',
    `A subscription holds at most ${MAX_VALID_SECRETS} valid secrets and this one holds ${valid.length}. ` +
      `The secret ${first.id} (created ${first.created_at}) stops signing at ${first.expires_at}: rotate again ` +
      'after that, or rotate with grace_period_seconds 0 to end the previous secrets now.',
    ending.map((s) => ({
      field: `secrets.${s.id}`,
      code: 'EXPIRES_AT',
      message: `the secret created ${s.created_at} stops signing at ${s.expires_at}`,
    })),
  );
}
