import { AppConfig, ConfigError } from '../../../src/platform/config/app-config.js';
import { configRefusal } from '../../support/config-refusal.js';

describe('AppConfig', () => {
  it('applies the documented defaults', () => {
    const c = AppConfig.fromEnv({});
    expect(c.http.port).toBe(3000);
    expect(c.kafka.brokers).toEqual(['127.0.0.1:9092']);
    expect(c.kafka.topicPrefix).toBe('webhooks');
    expect(c.delivery.retrySchedule.map((t) => t.label)).toEqual(['1m', '5m', '30m', '2h', '8h', '24h']);
    expect(c.delivery.retrySchedule[5].ms).toBe(86_400_000);
    expect(c.delivery.timeoutMs).toBe(30_000);
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
    expect(c.kafka.brokers).toEqual(['a:1', 'b:2']);
    expect(c.api.bootstrapKeys).toEqual([
      { tenant: 'acme', key: '0123456789abcdef0123' },
      { tenant: 'globex', key: 'fedcba9876543210fedc' },
    ]);
    expect(c.egress.allowCidrs).toEqual(['127.0.0.0/8', '10.1.0.0/16']);
  });

  it('parses durations, percentages and derived names once, into the sections', () => {
    const c = AppConfig.fromEnv({
      KAFKA_TOPIC_PREFIX: 'acme',
      RETRY_JITTER_PERCENT: '25',
      RETRY_AFTER_MAX: '2h',
      RETRY_OVERLOAD_PENALTY: '30s',
      ALERT_RETRY_SCHEDULE: '500ms,1m',
      CIRCUIT_FAILURE_RATIO_PERCENT: '40',
      CIRCUIT_WINDOW: '2m',
      CIRCUIT_OPEN_DURATION: '1d',
      INGEST_TOPICS: 'orders, payments',
      OPERATOR_API_KEYS: 'aaaaaaaaaaaaaaaa,bbbbbbbbbbbbbbbb',
    });
    expect(c.delivery).toMatchObject({ jitterRatio: 0.25, retryAfterMaxMs: 7_200_000, overloadPenaltyMs: 30_000 });
    expect(c.delivery.alertRetryScheduleMs).toEqual([500, 60_000]);
    expect(c.circuit).toMatchObject({ failureRatio: 0.4, windowMs: 120_000, openMs: 86_400_000 });
    expect(c.kafka.groupPrefix).toBe('hookline.acme');
    expect(c.ingest.topics).toEqual(['orders', 'payments']);
    expect(c.api.operatorKeys).toEqual(['aaaaaaaaaaaaaaaa', 'bbbbbbbbbbbbbbbb']);
    expect(AppConfig.fromEnv({ KAFKA_GROUP_PREFIX: 'own' }).kafka.groupPrefix).toBe('own');
  });

  it('keeps the sections read-only, so no caller changes what another reads', () => {
    const c = AppConfig.fromEnv({});
    expect(() => ((c.kafka as { topicPrefix: string }).topicPrefix = 'other')).toThrow(TypeError);
    expect(() => (c.kafka.brokers as string[]).push('x:1')).toThrow(TypeError);
    expect(() => ((c.delivery.retrySchedule[0] as { ms: number }).ms = 1)).toThrow(TypeError);
    expect(c.kafka.topicPrefix).toBe('webhooks');
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

  describe('for a process that does not use Kafka', () => {
    const unusableKafka = {
      DATABASE_URL: 'postgres://u:p@db:5432/hookline',
      KAFKA_SECURITY_PROTOCOL: 'SASL_SSL',
      KAFKA_SASL_MECHANISM: 'SCRAM-SHA-512', // and no user or password
      KAFKA_BROKERS: 'nope',
      KAFKA_TOPIC_PARTITIONS: 'many',
      KAFKA_SASL_PASSWORD_FILE: '/nonexistent/password',
      AWS_REGION: '',
    };

    it('neither reads nor validates the Kafka variables, and refuses to hand out Kafka settings', () => {
      const c = AppConfig.fromEnv(unusableKafka, { kafka: false });
      expect(c.database.url).toBe('postgres://u:p@db:5432/hookline');
      expect(() => c.kafka).toThrow(ConfigError);
      expect(() => c.kafka).toThrow('the Kafka settings were not loaded: this command was declared not to use Kafka');
    });

    it('still validates everything else', () => {
      expect(() => AppConfig.fromEnv({ ...unusableKafka, PORT: 'eighty' }, { kafka: false })).toThrow(/PORT/);
      expect(() =>
        AppConfig.fromEnv(
          { SCHEMA_REGISTRY_URL: 'http://registry.example:8081', SCHEMA_REGISTRY_USERNAME: 'u' },
          { kafka: false },
        ),
      ).toThrow('SCHEMA_REGISTRY_USERNAME, SCHEMA_REGISTRY_PASSWORD: Basic auth needs both');
    });

    it('is the exception: by default the same variables are refused, each by name', () => {
      expect(() => AppConfig.fromEnv(unusableKafka)).toThrow(
        /KAFKA_SASL_PASSWORD_FILE: cannot read[\s\S]*KAFKA_BROKERS[\s\S]*KAFKA_TOPIC_PARTITIONS/,
      );
      const incompleteSasl = { KAFKA_SECURITY_PROTOCOL: 'SASL_SSL', KAFKA_SASL_MECHANISM: 'SCRAM-SHA-512' };
      expect(() => AppConfig.fromEnv(incompleteSasl)).toThrow(
        'KAFKA_SASL_PASSWORD: required with KAFKA_SASL_MECHANISM=SCRAM-SHA-512',
      );
      expect(AppConfig.fromEnv(incompleteSasl, { kafka: false }).database.url).toBeDefined();
    });
  });
});

describe('values an operator gets wrong', () => {
  it('refuses a retry tier of 0, a wait given twice, and a tier shorter than the one before', () => {
    expect(configRefusal({ RETRY_SCHEDULE: '0s' })).toBe('RETRY_SCHEDULE: a tier waits more than 0 (not 0s)');
    expect(configRefusal({ RETRY_SCHEDULE: '1m,1m' })).toContain(
      'each tier waits longer than the one before (1m, then 1m)',
    );
    expect(configRefusal({ RETRY_SCHEDULE: '5m,1m' })).toContain('(5m, then 1m)');
    expect(AppConfig.fromEnv({ RETRY_SCHEDULE: '30s,1m,1h' }).delivery.retrySchedule.map((t) => t.ms)).toEqual([
      30_000, 60_000, 3_600_000,
    ]);
  });

  it('says a millisecond setting takes a number, not a duration, in one reason', () => {
    expect(configRefusal({ SHUTDOWN_TIMEOUT_MS: '30s' })).toBe(
      'Invalid configuration:\n  SHUTDOWN_TIMEOUT_MS: must be a whole number of milliseconds, such as 30000',
    );
    expect(configRefusal({ SHUTDOWN_TIMEOUT_MS: '9999999' })).toContain(
      'SHUTDOWN_TIMEOUT_MS must not be greater than 600000',
    );
  });
  it('refuses PORT and METRICS_PORT on one port, at the start rather than at the second listen', () => {
    expect(configRefusal({ PORT: '3000', METRICS_PORT: '3000' })).toBe(
      'METRICS_PORT: must differ from PORT (both 3000): /metrics has a listener of its own',
    );
    expect(AppConfig.fromEnv({ PORT: '0', METRICS_PORT: '0' }).metrics.port).toBe(0);
  });
});
