/**
 * The shape of a value sealed at rest: `enc1:<key id>:<base64url of iv ‖ ciphertext ‖ tag>`. The key id
 * is in clear so that any key of the ring can be picked to open it, and so that SQL can tell which
 * key a row depends on (boot check, re-encryption) without opening anything.
 */
export const SEALED_PREFIX = 'enc1';

/** Where a sealed value belongs: its table, its row and its purpose in the row (the associated data). */
export interface Binding {
  table: string;
  /** The row's key, e.g. a subscription id, or `tenant/key` for a composite one. */
  row: string;
  /** What the value is in that row, e.g. `signing-secret/<secret id>` or `response-body`. */
  purpose: string;
}

/**
 * The associated data every value is sealed with: a copy moved to another row, or to another place
 * in its row, fails to open. JSON of an array, so that no two bindings give the same bytes.
 */
export function associatedData(binding: Binding): Buffer {
  return Buffer.from(JSON.stringify(['hookline.sealed.v1', binding.table, binding.row, binding.purpose]), 'utf8');
}

/** The key id a sealed value names, or null when the text is not a sealed value at all. */
export function keyIdOf(sealed: string): string | null {
  const match = /^enc1:([A-Za-z0-9_-]{1,32}):[A-Za-z0-9_-]+$/.exec(sealed);
  return match ? match[1] : null;
}

/**
 * SQL giving the key id of the sealed value in `expression` (a text expression), '' when it holds
 * something else (legacy plaintext) and NULL when it is NULL. For a store's census and its
 * re-encryption filter, so the format stays known here only.
 */
export function sealedKeyIdSql(expression: string): string {
  return `(CASE WHEN ${expression} LIKE '${SEALED_PREFIX}:%' THEN split_part(${expression}, ':', 2) ELSE '' END)`;
}

/** Thrown when a sealed value cannot be opened: unknown key id, tampered bytes, wrong row or purpose. */
export class SealedValueError extends Error {
  constructor(
    message: string,
    readonly keyId: string | null,
  ) {
    super(message);
    this.name = 'SealedValueError';
  }
}
