import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseKeyRing } from '../../src/platform/config/secret-settings.js';

const ROOT = resolve(import.meta.dirname, '../..');

/**
 * deploy/local/secrets-key.sh, as make run, make demo and make bench call it: in a copy of the
 * scripts, so the real .data is left alone. It makes the key ring once, private, and keeps it.
 */
describe('the local stack’s key ring', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'hookline-local-keys-'));
  const script = join(scratch, 'deploy/local/secrets-key.sh');
  const run = (...args: string[]) =>
    execFileSync(script, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();

  beforeAll(() => {
    mkdirSync(join(scratch, 'deploy/local'), { recursive: true });
    for (const file of ['lib.sh', 'secrets-key.sh'])
      copyFileSync(join(ROOT, 'deploy/local', file), join(scratch, 'deploy/local', file));
  });
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('generates one 32-byte key into .data once, readable by its owner only, then keeps it', () => {
    const path = run();
    expect(path).toBe(join(scratch, '.data/secrets-encryption-keys'));
    const first = readFileSync(path, 'utf8');
    expect(parseKeyRing(first).map((k) => k.key.length)).toEqual([32]);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(run()).toBe(path);
    expect(readFileSync(path, 'utf8')).toBe(first);
  });

  it('rotates by putting a new key first and keeping the others', () => {
    const path = run();
    const before = parseKeyRing(readFileSync(path, 'utf8'));
    run('rotate');
    const after = parseKeyRing(readFileSync(path, 'utf8'));
    expect(after).toHaveLength(before.length + 1);
    expect(after.slice(1)).toEqual(before);
  });
});
