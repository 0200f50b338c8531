import { AppConfig, ConfigError } from '../../../src/platform/config/app-config.js';

describe('AppConfig', () => {
  it('applies the documented defaults', () => {
    const c = AppConfig.fromEnv({});
    expect(c.env.PORT).toBe(3000);
    expect(c.kafkaBrokers).toEqual(['127.0.0.1:9092']);
    expect(c.env.KAFKA_TOPIC_PREFIX).toBe('webhooks');
    expect(c.retrySchedule.map((t) => t.label)).toEqual(['1m', '5m', '30m', '2h', '8h', '24h']);
    expect(c.retrySchedule[5].ms).toBe(86_400_000);
    expect(c.env.DELIVERY_TIMEOUT_MS).toBe(30_000);
    expect([...c.roles].sort()).toEqual(['api', 'delivery', 'ingest', 'operations', 'retry']);
  });

  it('parses lists, roles and bootstrap keys', () => {
    const c = AppConfig.fromEnv({
      ROLES: 'api, delivery',
      KAFKA_BROKERS: 'a:1,b:2',
      API_KEYS: 'acme:0123456789abcdef0123,globex:fedcba9876543210fedc',
      EGRESS_ALLOW_CIDRS: '127.0.0.0/8, 10.1.0.0/16',
    });
    expect(c.hasRole('api')).toBe(true);
    expect(c.hasRole('ingest')).toBe(false);
    expect(c.kafkaBrokers).toEqual(['a:1', 'b:2']);
    expect(c.bootstrapApiKeys).toEqual([
      { tenant: 'acme', key: '0123456789abcdef0123' },
      { tenant: 'globex', key: 'fedcba9876543210fedc' },
    ]);
    expect(c.egressAllowCidrs).toEqual(['127.0.0.0/8', '10.1.0.0/16']);
  });

  it('names every bad variable in one error', () => {
    let error: unknown;
    try {
      AppConfig.fromEnv({ PORT: 'eighty', KAFKA_BROKERS: 'nope', RETRY_SCHEDULE: '1 minute', ROLES: 'web' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    for (const name of ['PORT', 'KAFKA_BROKERS', 'RETRY_SCHEDULE', 'ROLES']) expect(message).toContain(name);
  });
});
