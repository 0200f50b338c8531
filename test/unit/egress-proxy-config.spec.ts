import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppConfig } from '../../src/platform/config/app-config.js';
import { parseEgressProxy } from '../../src/platform/egress/connect-tunnel.js';
import { configRefusal } from '../support/config-refusal.js';

describe('EGRESS_PROXY_URL', () => {
  it('takes an http:// CONNECT proxy with or without credentials, from the variable or a file', () => {
    expect(AppConfig.fromEnv({}).egress.proxyUrl).toBe('');
    expect(AppConfig.fromEnv({ EGRESS_PROXY_URL: 'http://proxy.internal:3128' }).egress.proxyUrl).toBe(
      'http://proxy.internal:3128',
    );
    const file = join(mkdtempSync(join(tmpdir(), 'proxy-')), 'url');
    writeFileSync(file, 'http://u:p%40ss@10.0.0.5:3128\n');
    expect(AppConfig.fromEnv({ EGRESS_PROXY_URL_FILE: file }).egress.proxyUrl).toBe('http://u:p%40ss@10.0.0.5:3128');
  });

  it('refuses anything else, and never repeats the credentials in the message', () => {
    const refused = ['https://proxy:3128', 'socks5://proxy:1080', 'http://proxy:3128/path', 'proxy:3128'];
    for (const url of [...refused, 'http://proxy:3128x', 'http://proxy:99999', 'http://proxy:0']) {
      const message = configRefusal({ EGRESS_PROXY_URL: url.replace('proxy', 'user:hunter2@proxy') });
      expect(message).toContain('EGRESS_PROXY_URL');
      expect(message).not.toContain('hunter2');
    }
    const file = join(mkdtempSync(join(tmpdir(), 'proxy-')), 'url');
    writeFileSync(file, 'https://user:hunter2@proxy:3128');
    const message = configRefusal({ EGRESS_PROXY_URL_FILE: file });
    expect(message).toContain('EGRESS_PROXY_URL');
    expect(message).not.toContain('hunter2');
    expect(configRefusal({ EGRESS_PROXY_URL: 'http://a:1', EGRESS_PROXY_URL_FILE: file })).toContain('not both');
  });

  it('sends the proxy its credentials as Basic, percent-decoded', () => {
    expect(parseEgressProxy('http://u%3Ase:p%40ss@[::1]:3128')).toEqual({
      host: '::1',
      port: 3128,
      authorization: `Basic ${Buffer.from('u:se:p@ss').toString('base64')}`,
    });
    expect(() => parseEgressProxy('http://user:hunter2@proxy:3128x')).toThrow(/^EGRESS_PROXY_URL is not a valid URL$/);
    expect(parseEgressProxy('http://proxy.internal')).toEqual({
      host: 'proxy.internal',
      port: 80,
      authorization: undefined,
    });
  });
});
