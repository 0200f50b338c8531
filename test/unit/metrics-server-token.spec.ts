import { jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import { AppConfig } from '../../src/platform/config/app-config.js';
import { MetricsServer } from '../../src/platform/telemetry/metrics-server.js';
import { TEST_KEY_RING } from '../support/test-config.js';

/** A production listener without a token says so once at start; with one, or in development, it does not. */
describe('the metrics listener at start', () => {
  afterEach(() => jest.restoreAllMocks());

  async function warningsOf(env: Record<string, string>): Promise<string[]> {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
    const server = new MetricsServer(AppConfig.fromEnv({ METRICS_PORT: '0', HOST: '127.0.0.1', ...env }));
    await server.onApplicationBootstrap();
    await server.onApplicationShutdown();
    const said = warn.mock.calls.map(([message]) => String(message));
    jest.restoreAllMocks();
    return said;
  }

  it('warns in production when /metrics needs no token', async () => {
    const production = { DEPLOYMENT_ENVIRONMENT: 'production', SECRETS_ENCRYPTION_KEYS: TEST_KEY_RING };
    expect(await warningsOf(production)).toEqual([
      'metrics answer without a token: set METRICS_BEARER_TOKEN in production',
    ]);
    expect(await warningsOf({ ...production, METRICS_BEARER_TOKEN: 'a-token-of-enough-length-42' })).toEqual([]);
    expect(await warningsOf({ DEPLOYMENT_ENVIRONMENT: 'development' })).toEqual([]);
  });
});
