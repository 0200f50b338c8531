import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { AppConfig } from '../../src/platform/config/app-config.js';

const run = promisify(execFile);
const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { bin: Record<string, string> };

/**
 * `hookline`, the command the guides write, is the package's bin: the built CLI runs by that name
 * from a PATH (as npm links it, and as the image links it), and the key it generates is a ring
 * entry the configuration takes.
 */
describe('the hookline command', () => {
  it('runs from a PATH entry named hookline, as the image links it', async () => {
    const bin = resolve(pkg.bin.hookline);
    const dir = mkdtempSync(join(tmpdir(), 'hookline-bin-'));
    symlinkSync(bin, join(dir, 'hookline'));
    const env = { PATH: `${dir}:${dirname(process.execPath)}:/usr/bin:/bin` };

    const help = await run('hookline', ['--help'], { env });
    expect(help.stdout).toContain('Usage: hookline');
    const { stdout } = await run('hookline', ['secrets', 'generate-key', '--id', 'k1'], { env });
    const entry = stdout.trim();
    expect(entry).toMatch(/^k1:[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(entry.slice(3), 'base64')).toHaveLength(32);
    expect(AppConfig.fromEnv({ SECRETS_ENCRYPTION_KEYS: entry }).secrets.encryptionKeys.map((k) => k.id)).toEqual([
      'k1',
    ]);

    expect(readFileSync('Dockerfile', 'utf8')).toContain(`/app/${pkg.bin.hookline} /usr/local/bin/hookline`);
  });
});
