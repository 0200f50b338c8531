import { timingSafeEqual } from 'node:crypto';
import { associatedData, keyIdOf, type Binding } from './sealed-value.js';
import type { KeyRing } from './key-ring.js';

/**
 * What every table that stores a credential uses to keep it encrypted at rest; nothing else in the
 * code knows the key. Each value is sealed for its binding (table, row, purpose), and opened only
 * with the same one.
 *
 *   box.seal('whsec_…', { table: 'subscriptions', row: id, purpose: 'signing-secret/<secret id>' })
 *   box.sealJson({ username, password }, { table: 'subscriptions', row: id, purpose: 'endpoint-auth' })
 */
export class SecretBox {
  constructor(private readonly ring: KeyRing) {}

  /** The id of the key new values are sealed with. */
  get primaryKeyId(): string {
    return this.ring.primaryId;
  }

  /** Every key id of the ring, the sealing one first. */
  get keyIds(): string[] {
    return this.ring.ids;
  }

  seal(value: string | Buffer, binding: Binding): string {
    return this.ring.seal(typeof value === 'string' ? Buffer.from(value, 'utf8') : value, associatedData(binding));
  }

  /** The plaintext bytes; throws SealedValueError when the value cannot be opened for this binding. */
  open(sealed: string, binding: Binding): Buffer {
    return this.ring.open(sealed, associatedData(binding));
  }

  openText(sealed: string, binding: Binding): string {
    return this.open(sealed, binding).toString('utf8');
  }

  /** A small JSON credential (endpoint authentication, a destination's settings) sealed whole. */
  sealJson(value: unknown, binding: Binding): string {
    return this.seal(JSON.stringify(value), binding);
  }

  openJson<T>(sealed: string, binding: Binding): T {
    return JSON.parse(this.openText(sealed, binding)) as T;
  }

  /**
   * A keyed fingerprint of `data` for `purpose` (`fp1:<key id>:<hex>`): equal inputs give equal
   * fingerprints under one key, and none can be checked against a guess without the ring.
   */
  fingerprint(purpose: string, data: string | Buffer): string {
    const mac = this.ring.mac(this.ring.primaryId, purpose, toBuffer(data))!;
    return `${FINGERPRINT_PREFIX}:${this.ring.primaryId}:${mac.toString('hex')}`;
  }

  /** Whether `stored` (from fingerprint(), under any key of the ring) is the fingerprint of `data`. */
  fingerprintMatches(stored: string, purpose: string, data: string | Buffer): boolean {
    const [prefix, keyId, hex] = stored.split(':');
    if (prefix !== FINGERPRINT_PREFIX || !keyId || !hex) return false;
    const mac = this.ring.mac(keyId, purpose, toBuffer(data));
    const given = Buffer.from(hex, 'hex');
    return mac !== undefined && given.length === mac.length && timingSafeEqual(given, mac);
  }

  /** Whether the value is sealed with the key that seals new values (re-encryption skips it). */
  isCurrent(sealed: string): boolean {
    return keyIdOf(sealed) === this.ring.primaryId;
  }

  /** The value sealed again with the newest key, for the same binding; the same text when it already is. */
  reseal(sealed: string, binding: Binding): string {
    if (this.isCurrent(sealed)) return sealed;
    const plaintext = this.open(sealed, binding);
    try {
      return this.seal(plaintext, binding);
    } finally {
      plaintext.fill(0);
    }
  }
}

const FINGERPRINT_PREFIX = 'fp1';
const toBuffer = (data: string | Buffer) => (typeof data === 'string' ? Buffer.from(data, 'utf8') : data);
