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
