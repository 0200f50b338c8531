import { createHash } from 'node:crypto';
import { generateApiKey, grants, hashApiKey, keyPrefix } from '../../src/modules/auth/api-key-token.js';
import { parseScopes } from '../../src/modules/api-keys/api-key-commands.js';

describe('API key tokens', () => {
  it('generates distinct prefixed keys of 256 bits', () => {
    const a = generateApiKey();
    expect(a).toMatch(/^hk_[A-Za-z0-9_-]{43}$/);
    expect(generateApiKey()).not.toBe(a);
    expect(keyPrefix(a)).toBe(a.slice(0, 10));
  });

  it('stores only the SHA-256 of a key', () => {
    expect(hashApiKey('k')).toBe(createHash('sha256').update('k').digest('hex'));
  });

  it('grants a scope when held, or when the key is admin', () => {
    expect(grants(['read'], 'read')).toBe(true);
    expect(grants(['read'], 'write')).toBe(false);
    expect(grants(['admin'], 'write')).toBe(true);
  });

  it('parses CLI scopes and refuses unknown ones', () => {
    expect(parseScopes('read, write,read')).toEqual(['read', 'write']);
    expect(() => parseScopes('read,root')).toThrow('scopes must be');
    expect(() => parseScopes('')).toThrow();
  });
});
