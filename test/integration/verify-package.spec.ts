import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');
const PACKAGE = join(ROOT, 'packages/verify');

/**
 * @hookline/verify as a consumer installs it: compiled on its own (its own tsconfig, no help from
 * the service's), placed in a node_modules, imported by name through its package.json exports.
 */
describe('@hookline/verify as installed', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'hookline-verify-package-'));
  const installed = join(scratch, 'node_modules/@hookline/verify');

  beforeAll(() => {
    cpSync(join(PACKAGE, 'package.json'), join(installed, 'package.json'));
    const tsc = join(ROOT, 'node_modules/typescript/bin/tsc');
    execFileSync(process.execPath, [tsc, '-p', join(PACKAGE, 'tsconfig.json'), '--outDir', join(installed, 'dist')]);
  }, 120_000);
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('has no runtime dependencies and ships its type declarations', () => {
    const manifest = JSON.parse(readFileSync(join(PACKAGE, 'package.json'), 'utf8'));
    expect(manifest.dependencies ?? {}).toEqual({});
    expect(existsSync(join(installed, manifest.exports['.'].types))).toBe(true);
  });

  it('signs and verifies when imported by its package name', () => {
    const script = `
      import { sign, verifyWebhook, NoMatchingSignatureError } from '@hookline/verify';
      const body = '{"id":"evt_pkg"}';
      const headers = sign({ id: 'evt_pkg', body, secrets: 'package-test-secret' });
      const ok = verifyWebhook(body, headers, { secret: 'package-test-secret' });
      let rejected = false;
      try { verifyWebhook(body + ' ', headers, { secret: 'package-test-secret' }); }
      catch (e) { rejected = e instanceof NoMatchingSignatureError; }
      console.log(JSON.stringify({ id: ok.id, rejected }));
    `;
    const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: scratch,
      encoding: 'utf8',
    });
    expect(JSON.parse(output)).toEqual({ id: 'evt_pkg', rejected: true });
  });

  it('signs with a whsk_ key and verifies v1a with its whpk_ public key, by its package name', () => {
    const script = `
      import { ed25519KeyPair, sign, verifyWebhook, NoMatchingSignatureError } from '@hookline/verify';
      const { secretKey, publicKey } = ed25519KeyPair();
      const body = '{"id":"evt_ed"}';
      const headers = sign({ id: 'evt_ed', body, secrets: secretKey });
      const ok = verifyWebhook(body, headers, { secret: publicKey });
      let rejected = false;
      try { verifyWebhook(body, headers, { secret: ed25519KeyPair().publicKey }); }
      catch (e) { rejected = e instanceof NoMatchingSignatureError; }
      console.log(JSON.stringify({ id: ok.id, rejected, version: headers['webhook-signature'].split(',')[0] }));
    `;
    const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: scratch,
      encoding: 'utf8',
    });
    expect(JSON.parse(output)).toEqual({ id: 'evt_ed', rejected: true, version: 'v1a' });
  });
});
