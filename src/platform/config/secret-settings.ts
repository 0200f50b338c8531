export class ConfigError extends Error {}

/** One key of the encryption key ring, as configured. */
export interface EncryptionKeySetting {
  id: string;
  /** 32 bytes: an AES-256 key. */
  key: Buffer;
}

const KEY_BYTES = 32;

/**
 * Parses `id:base64key,…` (commas or newlines): ids unique, each key exactly 32 bytes of standard or
 * URL-safe base64. Errors name the entry by its id, never by its key.
 */
export function parseKeyRing(text: string): EncryptionKeySetting[] {
  const entries = text
    .split(/[,\n]/)
    .map((e) => e.trim())
    .filter(Boolean);
  const keys: EncryptionKeySetting[] = [];
  const problems: string[] = [];
  for (const entry of entries) {
    const at = entry.indexOf(':');
    const id = entry.slice(0, at);
    const encoded = entry.slice(at + 1);
    if (at <= 0 || !/^[A-Za-z0-9_-]{1,32}$/.test(id) || !/^[A-Za-z0-9+/_-]+={0,2}$/.test(encoded)) {
      problems.push(`an entry is not id:base64key (ids of A-Z a-z 0-9 _ -, 1-32 characters)`);
      continue;
    }
    const key = Buffer.from(encoded.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    if (key.length !== KEY_BYTES) problems.push(`key "${id}" is ${key.length} bytes; it must be ${KEY_BYTES}`);
    else if (keys.some((k) => k.id === id)) problems.push(`key id "${id}" appears twice`);
    else keys.push({ id, key });
  }
  if (problems.length)
    throw new ConfigError(`Invalid configuration:\n  SECRETS_ENCRYPTION_KEYS: ${problems.join('; ')}`);
  return keys;
}
