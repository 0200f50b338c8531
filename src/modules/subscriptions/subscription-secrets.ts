import { Injectable } from '@nestjs/common';
import { randomBytes, randomUUID } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { Binding } from '../../platform/crypto/sealed-value.js';
import { SecretBox } from '../../platform/crypto/secret-box.js';
import { ed25519PublicKey, ed25519SigningKey, hmacSigningKey, type SigningKey } from '../../platform/egress/signer.js';
import { AppError } from '../../platform/errors/app-error.js';
import { generateSecret, validSecrets } from './secrets.js';
import type { SignatureScheme, SigningSecret } from './subscription.entity.js';
import { PRIVATE_KEY_PATTERN } from './subscription.dto.js';

export const PUBLIC_KEY_PREFIX = 'whpk_';
export const PRIVATE_KEY_PREFIX = 'whsk_';

/** Subscriptions whose opened keys are held, and how long an unused one stays: bounded, and gone when idle. */
const CACHED_SUBSCRIPTIONS = 50_000;
const CACHE_IDLE_MS = 15 * 60_000;

interface Opened {
  version: number;
  keys: ReadonlyMap<string, SigningKey>;
}

/** What signing needs of a subscription: its id, its version (the cache key) and its stored secrets. */
export type SealedSecrets = { id: string; version: number; secrets: readonly SigningSecret[] };

/** A new secret version: the entry to store, the key to sign the URL challenge with, the secret to show once. */
export interface NewSecret {
  entry: SigningSecret;
  key: SigningKey;
  shown?: string;
}

/**
 * The subscriptions' secrets at rest: sealed with the key ring, each bound to its subscription and
 * its version's id, so a copy in another row or another version does not open. Opened only to
 * sign, and held opened per subscription version (never by the secret), bounded and idle-evicted.
 * Other credentials of a subscription (endpoint authentication) are sealed the same way with
 * sealCredential/openCredential.
 */
@Injectable()
export class SubscriptionSecrets {
  private readonly opened = new LRUCache<string, Opened>({
    max: CACHED_SUBSCRIPTIONS,
    ttl: CACHE_IDLE_MS,
    updateAgeOnGet: true,
  });

  constructor(private readonly box: SecretBox) {}

  /** A new version for the subscription; `given` is the client's secret (422 when it does not fit the scheme). */
  create(subscriptionId: string, scheme: SignatureScheme, given: string | undefined, now: Date): NewSecret {
    const id = randomUUID();
    const base = { id, scheme, created_at: now.toISOString(), expires_at: null };
    if (given !== undefined) checkSecretFits(scheme, given);
    if (scheme === 'hmac-sha256') {
      const secret = given ?? generateSecret();
      const entry = { ...base, sealed: this.box.seal(secret, binding(subscriptionId, id)) };
      return { entry, key: hmacSigningKey(secret), shown: given ? undefined : secret };
    }
    const seed = given === undefined ? randomBytes(32) : parsePrivateKey(given);
    try {
      const publicKey = `${PUBLIC_KEY_PREFIX}${ed25519PublicKey(seed).toString('base64')}`;
      const entry = { ...base, sealed: this.box.seal(seed, binding(subscriptionId, id)), public_key: publicKey };
      return { entry, key: ed25519SigningKey(seed) };
    } finally {
      seed.fill(0);
    }
  }

  /** The keys to sign with at `now`, newest first, opened once per subscription version. */
  signingKeys(subscription: SealedSecrets, now: Date = new Date()): SigningKey[] {
    const valid = validSecrets(subscription.secrets, now);
    let held = this.opened.get(subscription.id);
    if (!held || held.version !== subscription.version || valid.some((s) => !held!.keys.has(s.id))) {
      held = { version: subscription.version, keys: this.openAll(subscription.id, valid) };
      this.opened.set(subscription.id, held);
    }
    return valid.map((s) => held!.keys.get(s.id)!);
  }

  /** The valid keys opened for one use (a URL challenge), not held. */
  openValid(subscriptionId: string, secrets: readonly SigningSecret[], now: Date = new Date()): SigningKey[] {
    const keys = this.openAll(subscriptionId, validSecrets(secrets, now));
    return validSecrets(secrets, now).map((s) => keys.get(s.id)!);
  }

  /** Drops the opened keys of a subscription (deleted, or no longer delivered to by this process). */
  forget(subscriptionId: string): void {
    this.opened.delete(subscriptionId);
  }

  /** The entries sealed again with the newest key (re-encryption); the same objects where nothing changes. */
  reseal(subscriptionId: string, secrets: readonly SigningSecret[]): SigningSecret[] {
    return secrets.map((s) =>
      this.box.isCurrent(s.sealed) ? s : { ...s, sealed: this.box.reseal(s.sealed, binding(subscriptionId, s.id)) },
    );
  }

  isCurrent(secrets: readonly SigningSecret[]): boolean {
    return secrets.every((s) => this.box.isCurrent(s.sealed));
  }

  /** A further credential of the subscription (endpoint authentication…), sealed for it and its purpose. */
  sealCredential(subscriptionId: string, purpose: string, value: unknown): string {
    return this.box.sealJson(value, credentialBinding(subscriptionId, purpose));
  }

  openCredential<T>(subscriptionId: string, purpose: string, sealed: string): T {
    return this.box.openJson<T>(sealed, credentialBinding(subscriptionId, purpose));
  }

  private openAll(subscriptionId: string, secrets: readonly SigningSecret[]): Map<string, SigningKey> {
    const keys = new Map<string, SigningKey>();
    for (const s of secrets) {
      const plain = this.box.open(s.sealed, binding(subscriptionId, s.id));
      try {
        keys.set(s.id, s.scheme === 'ed25519' ? ed25519SigningKey(plain) : hmacSigningKey(plain.toString('utf8')));
      } finally {
        plain.fill(0);
      }
    }
    return keys;
  }
}

/** The binding of a signing secret: this subscription, this version. The migration seals with the same. */
export function binding(subscriptionId: string, secretId: string): Binding {
  return { table: 'subscriptions', row: subscriptionId, purpose: `signing-secret/${secretId}` };
}

export function credentialBinding(subscriptionId: string, purpose: string): Binding {
  return { table: 'subscriptions', row: subscriptionId, purpose: `credential/${purpose}` };
}

function secretError(message: string): AppError {
  return AppError.validation([{ field: 'secret', code: 'INVALID_FOR_SCHEME', message }]);
}

/**
 * A 422 (INVALID_FOR_SCHEME) unless the client's secret can sign with the scheme: an ed25519 secret
 * is a whsk_ key, an HMAC secret is not. Callers check it before anything else about the request,
 * so a malformed body is answered as such and not as, say, a failed If-Match.
 */
export function checkSecretFits(scheme: SignatureScheme, given: string): void {
  if (scheme === 'hmac-sha256') {
    if (given.startsWith(PRIVATE_KEY_PREFIX)) throw secretError('a whsk_ key signs ed25519; set signature_scheme');
    return;
  }
  parsePrivateKey(given).fill(0);
}

/** `whsk_` + base64 of the 32-byte seed (PRIVATE_KEY_PATTERN of the document). */
function parsePrivateKey(given: string): Buffer {
  if (!new RegExp(PRIVATE_KEY_PATTERN).test(given))
    throw secretError('an ed25519 secret is whsk_ + base64 of its 32-byte private key; omit it to have one generated');
  return Buffer.from(given.slice(PRIVATE_KEY_PREFIX.length), 'base64');
}

/** The scheme a given secret implies when none is named: whsk_ is an ed25519 key. */
export function schemeOfSecret(secret: string | undefined): SignatureScheme | undefined {
  if (secret === undefined) return undefined;
  return secret.startsWith(PRIVATE_KEY_PREFIX) ? 'ed25519' : 'hmac-sha256';
}
