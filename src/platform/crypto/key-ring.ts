import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import type { EncryptionKeySetting } from '../config/secret-settings.js';
import { keyIdOf, SEALED_PREFIX, SealedValueError } from './sealed-value.js';

const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * The development key: public (derived from a sentence in the source), so values sealed with it are
 * as good as plaintext. Used only when DEPLOYMENT_ENVIRONMENT=development and no ring is configured,
 * and kept there as a decrypt-only last key so a development database can be re-encrypted under a
 * real one. Never part of a production ring: rows sealed with it fail a production boot.
 */
export const INSECURE_DEVELOPMENT_KEY: EncryptionKeySetting = Object.freeze({
  id: 'insecure-development',
  key: createHash('sha256').update('hookline insecure development key: never for production').digest(),
});

/**
 * AES-256-GCM with key ids: the first key seals, every key opens. A random 96-bit IV per value (the
 * key ring is rotated long before 2^32 values, GCM's random-IV bound), a 128-bit tag, and the
 * associated data the caller binds the value to.
 */
export class KeyRing {
  private readonly keys: ReadonlyMap<string, Buffer>;
  readonly primaryId: string;

  constructor(keys: readonly EncryptionKeySetting[]) {
    if (keys.length === 0) throw new Error('a key ring needs at least one key');
    this.keys = new Map(keys.map((k) => [k.id, k.key]));
    this.primaryId = keys[0].id;
  }

  /** Every key id, the sealing one first. */
  get ids(): string[] {
    return [...this.keys.keys()];
  }

  has(keyId: string): boolean {
    return this.keys.has(keyId);
  }

  seal(plaintext: Buffer, aad: Buffer): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.keys.get(this.primaryId)!, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(aad);
    const body = Buffer.concat([iv, cipher.update(plaintext), cipher.final(), cipher.getAuthTag()]);
    return `${SEALED_PREFIX}:${this.primaryId}:${body.toString('base64url')}`;
  }

  /**
   * HMAC-SHA256 of `data` under a key derived (HKDF) from key `keyId` for `purpose`: a fingerprint
   * that only the ring can compute, so a stored one tells nothing of low-entropy input (a password
   * in a request body) to whoever reads the table. Undefined when the ring lacks that key.
   */
  mac(keyId: string, purpose: string, data: Buffer): Buffer | undefined {
    const key = this.keys.get(keyId);
    if (!key) return undefined;
    const derived = Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), `hookline mac/${purpose}`, 32));
    return createHmac('sha256', derived).update(data).digest();
  }

  open(sealed: string, aad: Buffer): Buffer {
    const keyId = keyIdOf(sealed);
    if (keyId === null) throw new SealedValueError('not a sealed value', null);
    const key = this.keys.get(keyId);
    if (!key) throw new SealedValueError(`sealed with key "${keyId}", which the key ring does not hold`, keyId);
    const body = Buffer.from(sealed.slice(sealed.lastIndexOf(':') + 1), 'base64url');
    if (body.length < IV_BYTES + TAG_BYTES) throw new SealedValueError('truncated sealed value', keyId);
    const decipher = createDecipheriv('aes-256-gcm', key, body.subarray(0, IV_BYTES), { authTagLength: TAG_BYTES });
    decipher.setAAD(aad);
    decipher.setAuthTag(body.subarray(body.length - TAG_BYTES));
    try {
      return Buffer.concat([decipher.update(body.subarray(IV_BYTES, body.length - TAG_BYTES)), decipher.final()]);
    } catch {
      throw new SealedValueError(
        `key "${keyId}" does not open this value: another key of that id sealed it, or it was changed or moved`,
        keyId,
      );
    }
  }
}
