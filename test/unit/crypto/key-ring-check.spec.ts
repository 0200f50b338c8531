import { randomBytes } from 'node:crypto';
import { INSECURE_DEVELOPMENT_KEY, KeyRing } from '../../../src/platform/crypto/key-ring.js';
import { KeyRingCheck, UndecryptableRowsError } from '../../../src/platform/crypto/key-ring-check.js';
import { SealedStores, type KeyUse, type SealedStore } from '../../../src/platform/crypto/sealed-stores.js';
import type { Binding } from '../../../src/platform/crypto/sealed-value.js';
import { SecretBox } from '../../../src/platform/crypto/secret-box.js';

const key = (id: string) => ({ id, key: randomBytes(32) });
const k1 = key('k1');
const k2 = key('k2');
const here: Binding = { table: 't', row: 'r', purpose: 'p' };

/** A store whose census is given: one use per key id, each with a value sealed by `sealers[id]`. */
function store(name: string, uses: { keyId: string; values: number; sealer?: SecretBox }[]): SealedStore {
  const census: KeyUse[] = uses.map(({ keyId, values, sealer }) => ({
    keyId,
    values,
    sample: sealer ? { sealed: sealer.seal('secret', here), binding: here } : undefined,
  }));
  return {
    name,
    census: () => Promise.resolve(census),
    countStale: () => Promise.resolve(0),
    resealBatch: () => Promise.resolve({ cursor: null, rows: 0 }),
  };
}

async function check(ring: KeyRing, ...stores: SealedStore[]): Promise<string | undefined> {
  const registry = new SealedStores();
  stores.forEach((s) => registry.register(s));
  try {
    await new KeyRingCheck(registry, new SecretBox(ring)).verify();
    return undefined;
  } catch (error) {
    expect(error).toBeInstanceOf(UndecryptableRowsError);
    return (error as Error).message;
  }
}

describe('the boot check of the key ring', () => {
  const byK1 = new SecretBox(new KeyRing([k1]));
  const byK2 = new SecretBox(new KeyRing([k2]));

  it('lets a ring start that opens every key in use, older ones included', async () => {
    const ring = new KeyRing([k2, k1]);
    expect(
      await check(
        ring,
        store('secrets', [
          { keyId: 'k1', values: 3, sealer: byK1 },
          { keyId: 'k2', values: 1, sealer: byK2 },
        ]),
      ),
    ).toBeUndefined();
    expect(await check(ring)).toBeUndefined();
  });

  it('refuses rows sealed with a key the ring lacks, naming the store, the count and the key', async () => {
    const message = await check(
      new KeyRing([k2]),
      store('subscription signing secrets', [{ keyId: 'k1', values: 3, sealer: byK1 }]),
    );
    expect(message).toContain('rows exist that no configured key decrypts');
    expect(message).toContain(
      '3 subscription signing secrets are sealed with key "k1", which SECRETS_ENCRYPTION_KEYS does not hold',
    );
    expect(message).not.toContain(k1.key.toString('base64'));
  });

  it('refuses a key of the right id that is not the key that sealed them', async () => {
    const impostor = { id: 'k1', key: randomBytes(32) };
    const message = await check(
      new KeyRing([impostor]),
      store('responses', [{ keyId: 'k1', values: 2, sealer: byK1 }]),
    );
    expect(message).toContain('2 responses sealed with key "k1" do not open with the configured key of that id');
  });

  it('refuses rows not encrypted at all, and rows of the development key in production', async () => {
    const message = await check(
      new KeyRing([k1]),
      store('secrets', [{ keyId: '', values: 4 }]),
      store('responses', [{ keyId: INSECURE_DEVELOPMENT_KEY.id, values: 1 }]),
    );
    expect(message).toContain('4 secrets are not encrypted: apply the migrations');
    expect(message).toContain('1 responses are sealed with the insecure development key');
    expect(message).toContain('start once with DEPLOYMENT_ENVIRONMENT=development and this ring, run');
  });
});
