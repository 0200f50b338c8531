import { jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import { createServer } from 'node:net';
import { RegistrySource } from '../../src/modules/event-types/registry-source.js';
import { AppConfig } from '../../src/platform/config/app-config.js';

/** A port nothing listens on: taken from the OS, then closed. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The registry away: the log line names the address it tried and why, not only "fetch failed". */
describe('the registry poll when the registry is away', () => {
  afterEach(() => jest.restoreAllMocks());

  it('names SCHEMA_REGISTRY_URL, without its credentials, and the refusal', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const url = `http://127.0.0.1:${await closedPort()}/apis/ccompat/v7`;
    const config = AppConfig.fromEnv({
      SCHEMA_REGISTRY_URL: url.replace('http://', 'http://reader:s3cret-pass@'),
      EVENT_TYPE_REGISTRY_POLL_MS: '60000',
      ROLES: 'api',
    });
    const source = new RegistrySource(config, null as never, null as never, null as never);
    source.onApplicationBootstrap();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    source.onModuleDestroy();
    const [line] = warn.mock.calls.map(([message]) => String(message));
    expect(line).toContain('registry not read: TypeError: fetch failed (ECONNREFUSED)');
    expect(line).toContain(`at SCHEMA_REGISTRY_URL=${url}`);
    expect(line).not.toContain('s3cret-pass');
  });
});
