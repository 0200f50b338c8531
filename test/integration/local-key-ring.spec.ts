import { execFileSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseKeyRing } from '../../src/platform/config/secret-settings.js';

const ROOT = resolve(import.meta.dirname, '../..');

/**
 * deploy/local/secrets-key.sh, as make run, make demo and make bench call it: in copies of the
 * scripts (two checkouts) with a state directory of their own, so the real ring is left alone. It
 * makes the ring once, private, beside the machine's database rather than in a checkout, and keeps it.
 */
describe('the local stack’s key ring', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'hookline-local-keys-'));
  const state = join(scratch, 'state');
  const ringPath = join(state, 'secrets-encryption-keys');
  const checkout = (name: string) => join(scratch, name);
  const run = (from: string, ...args: string[]) =>
    execFileSync(join(checkout(from), 'deploy/local/secrets-key.sh'), args, {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, HOOKLINE_LOCAL_STATE: state },
    }).trim();
  const ring = () => parseKeyRing(readFileSync(ringPath, 'utf8'));

  beforeAll(() => {
    for (const name of ['first', 'second']) {
      mkdirSync(join(checkout(name), 'deploy/local'), { recursive: true });
      for (const file of ['lib.sh', 'secrets-key.sh'])
        copyFileSync(join(ROOT, 'deploy/local', file), join(checkout(name), 'deploy/local', file));
    }
  });
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('generates one 32-byte key outside the checkout once, readable by its owner only, then keeps it', () => {
    expect(run('first')).toBe(ringPath);
    const first = readFileSync(ringPath, 'utf8');
    expect(ring().map((k) => k.key.length)).toEqual([32]);
    expect(statSync(ringPath).mode & 0o777).toBe(0o600);
    expect(run('first')).toBe(ringPath);
    expect(readFileSync(ringPath, 'utf8')).toBe(first);
    expect(existsSync(join(checkout('first'), '.data/secrets-encryption-keys'))).toBe(false);
  });

  it('gives a second checkout the same ring: it reads what the first one sealed', () => {
    const before = readFileSync(ringPath, 'utf8');
    expect(run('second')).toBe(ringPath);
    expect(readFileSync(ringPath, 'utf8')).toBe(before);
  });

  it('merges a ring a checkout kept itself after the shared keys, once, and keeps the old file aside', () => {
    const before = ring();
    const own = `own-1:${Buffer.alloc(32, 7).toString('base64')}\n${readFileSync(ringPath, 'utf8')}`;
    const ownPath = join(checkout('second'), '.data/secrets-encryption-keys');
    mkdirSync(join(checkout('second'), '.data'), { recursive: true });
    writeFileSync(ownPath, own);
    run('second');
    expect(ring().map((k) => k.id)).toEqual([...before.map((k) => k.id), 'own-1']);
    expect(existsSync(ownPath)).toBe(false);
    expect(readFileSync(`${ownPath}.merged`, 'utf8')).toBe(own);
    run('second');
    expect(ring()).toHaveLength(before.length + 1);
  });

  it('rotates by putting a new key first and keeping the others', () => {
    const before = ring();
    run('first', 'rotate');
    const after = ring();
    expect(after).toHaveLength(before.length + 1);
    expect(after.slice(1)).toEqual(before);
  });
});
