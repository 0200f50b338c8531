import fc from 'fast-check';
import { createHash, randomBytes } from 'node:crypto';
import { AppConfig } from '../../../src/platform/config/app-config.js';
import { ConfigError, parseKeyRing } from '../../../src/platform/config/secret-settings.js';
import { INSECURE_DEVELOPMENT_KEY, KeyRing } from '../../../src/platform/crypto/key-ring.js';
import { keyRingFromConfig, MissingKeyRingError } from '../../../src/platform/crypto/key-ring-config.js';
import { SecretBox } from '../../../src/platform/crypto/secret-box.js';
import { keyIdOf, SealedValueError, type Binding } from '../../../src/platform/crypto/sealed-value.js';

const key = (id: string) => ({ id, key: randomBytes(32) });
const here: Binding = { table: 'subscriptions', row: 'a', purpose: 'signing-secret/1' };
const binding = fc.record({ table: fc.string(), row: fc.string(), purpose: fc.string() });

describe('the key ring', () => {
  const older = key('old');
  const newer = key('new');

  it('opens what it sealed, for the same binding only, whatever the value and the binding', () => {
    const box = new SecretBox(new KeyRing([newer]));
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 512 }), binding, binding, (value, a, b) => {
        const sealed = box.seal(Buffer.from(value), a);
        expect(box.open(sealed, a).equals(Buffer.from(value))).toBe(true);
        if (JSON.stringify(a) !== JSON.stringify(b)) expect(() => box.open(sealed, b)).toThrow(SealedValueError);
      }),
    );
  });

  it('names its key in every value, seals with the first key and opens with any', () => {
    const before = new SecretBox(new KeyRing([older]));
    const sealed = before.seal('whsec_x', here);
    expect(keyIdOf(sealed)).toBe('old');
    const after = new SecretBox(new KeyRing([newer, older]));
    expect(after.openText(sealed, here)).toBe('whsec_x');
    expect(keyIdOf(after.seal('whsec_x', here))).toBe('new');
    expect(after.isCurrent(sealed)).toBe(false);
    const moved = after.reseal(sealed, here);
    expect(keyIdOf(moved)).toBe('new');
    expect(after.openText(moved, here)).toBe('whsec_x');
    expect(after.reseal(moved, here)).toBe(moved);
  });

  it('refuses a value sealed with a key it lacks, or with another key of the same id, or changed', () => {
    const sealed = new SecretBox(new KeyRing([older])).seal('s', here);
    expect(() => new SecretBox(new KeyRing([newer])).open(sealed, here)).toThrow(/key "old", which the key ring/);
    expect(() => new SecretBox(new KeyRing([key('old')])).open(sealed, here)).toThrow(/does not open/);
    const flipped = sealed.slice(0, -2) + (sealed.at(-2) === 'A' ? 'B' : 'A') + sealed.at(-1);
    expect(() => new SecretBox(new KeyRing([older])).open(flipped, here)).toThrow(SealedValueError);
    expect(() => new SecretBox(new KeyRing([older])).open('whsec_plain', here)).toThrow('not a sealed value');
  });

  it('never repeats a ciphertext for the same value (a fresh IV each time)', () => {
    const box = new SecretBox(new KeyRing([newer]));
    const sealed = new Set(Array.from({ length: 100 }, () => box.seal('same', here)));
    expect(sealed.size).toBe(100);
  });

  it('seals small JSON credentials whole', () => {
    const box = new SecretBox(new KeyRing([newer]));
    const credential = { type: 'basic', username: 'u', password: 'p@ss' };
    const sealed = box.sealJson(credential, { ...here, purpose: 'credential/endpoint-auth' });
    expect(sealed).not.toContain('p@ss');
    expect(box.openJson(sealed, { ...here, purpose: 'credential/endpoint-auth' })).toEqual(credential);
  });
});

describe('SECRETS_ENCRYPTION_KEYS', () => {
  const b64 = randomBytes(32).toString('base64');

  it('parses id:base64key entries, commas or newlines, standard or URL-safe base64', () => {
    const url = randomBytes(32).toString('base64url');
    expect(parseKeyRing(`k2:${b64},\n k1:${url}\n`).map((k) => k.id)).toEqual(['k2', 'k1']);
  });

  it.each([
    ['a key of another length', `k1:${randomBytes(16).toString('base64')}`, 'key "k1" is 16 bytes'],
    ['an id twice', `k1:${b64},k1:${b64}`, 'key id "k1" appears twice'],
    ['no id', b64, 'not id:base64key'],
  ])('refuses %s, never printing a key', (_what, text, message) => {
    expect(() => parseKeyRing(text)).toThrow(ConfigError);
    expect(() => parseKeyRing(text)).toThrow(message);
    try {
      parseKeyRing(text);
    } catch (error) {
      expect((error as Error).message).not.toContain(b64);
    }
  });

  it('refuses a production start without a ring, names the fix, and allows it in development', () => {
    expect(() => keyRingFromConfig(AppConfig.fromEnv({}))).toThrow(MissingKeyRingError);
    expect(() => keyRingFromConfig(AppConfig.fromEnv({}))).toThrow(/required in production.*generate-key/s);
    const dev = keyRingFromConfig(AppConfig.fromEnv({ DEPLOYMENT_ENVIRONMENT: 'development' }));
    expect(dev.ids).toEqual([INSECURE_DEVELOPMENT_KEY.id]);
    const devWithKey = keyRingFromConfig(
      AppConfig.fromEnv({ DEPLOYMENT_ENVIRONMENT: 'development', SECRETS_ENCRYPTION_KEYS: `k1:${b64}` }),
    );
    expect(devWithKey.ids).toEqual(['k1', INSECURE_DEVELOPMENT_KEY.id]);
    const production = keyRingFromConfig(AppConfig.fromEnv({ SECRETS_ENCRYPTION_KEYS: `k1:${b64}` }));
    expect(production.ids).toEqual(['k1']);
  });

  it('reads the ring from SECRETS_ENCRYPTION_KEYS_FILE, and refuses both at once', async () => {
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const file = join(mkdtempSync(join(tmpdir(), 'keys-')), 'ring');
    writeFileSync(file, `k9:${b64}\n`);
    expect(AppConfig.fromEnv({ SECRETS_ENCRYPTION_KEYS_FILE: file }).secrets.encryptionKeys.map((k) => k.id)).toEqual([
      'k9',
    ]);
    expect(() =>
      AppConfig.fromEnv({ SECRETS_ENCRYPTION_KEYS_FILE: file, SECRETS_ENCRYPTION_KEYS: `k1:${b64}` }),
    ).toThrow('not both');
  });
});

describe('keyed fingerprints', () => {
  const older = key('old');
  const newer = key('new');

  it('match the same data under any key of the ring, and nothing else', () => {
    const before = new SecretBox(new KeyRing([older]));
    const after = new SecretBox(new KeyRing([newer, older]));
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        const stored = before.fingerprint('purpose', a);
        expect(after.fingerprintMatches(stored, 'purpose', a)).toBe(true);
        expect(after.fingerprintMatches(stored, 'other purpose', a)).toBe(false);
        if (a !== b) expect(after.fingerprintMatches(stored, 'purpose', b)).toBe(false);
      }),
    );
  });

  it('cannot be checked without the key that made them, nor computed from the data alone', () => {
    const box = new SecretBox(new KeyRing([newer]));
    const stored = box.fingerprint('purpose', 'password=hunter2');
    expect(stored).toMatch(/^fp1:new:[0-9a-f]{64}$/);
    expect(stored).not.toContain(createHash('sha256').update('password=hunter2').digest('hex'));
    expect(new SecretBox(new KeyRing([older])).fingerprintMatches(stored, 'purpose', 'password=hunter2')).toBe(false);
    expect(box.fingerprintMatches(createHash('sha256').update('x').digest('hex'), 'purpose', 'x')).toBe(false);
  });
});
