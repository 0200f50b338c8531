import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { AppConfig } from '../../src/platform/config/app-config.js';
import { portOutsideEphemeralRange } from '../../src/devtools/service-process.js';
import { parseKeyRing } from '../../src/platform/config/secret-settings.js';
import { KeyRing } from '../../src/platform/crypto/key-ring.js';
import { SecretBox } from '../../src/platform/crypto/secret-box.js';

/** The fixed key ring of every test configuration (and of the global setup's migration); not secret. */
export const TEST_KEY_RING: string = (
  JSON.parse(readFileSync(new URL('./test-key-ring.json', import.meta.url), 'utf8')) as Record<string, string>
).SECRETS_ENCRYPTION_KEYS;

/** A SecretBox over the test key ring, for rows a test writes or reads directly. */
export const testSecretBox = (ring = TEST_KEY_RING) => new SecretBox(new KeyRing(parseKeyRing(ring)));

/** The database the suites share; created and migrated by the global setup. */
export const TEST_DATABASE_URL =
  process.env.TEST_DATABASE_URL ?? 'postgres://hookline:hookline@127.0.0.1:5432/hookline_test';

export const uniqueId = (prefix: string) => `${prefix}${randomBytes(5).toString('hex')}`;

/** A prefix for one suite's topics and groups, marked with this test run (the teardown deletes only those). */
export const testRunId = () =>
  `t${process.env.HOOKLINE_TEST_RUN ?? randomBytes(2).toString('hex')}${randomBytes(3).toString('hex')}`;

/**
 * A configuration isolated from every other test: its own topic prefix, consumer groups and
 * ingest topic, on the shared local stack, with a short retry schedule and the port chosen by the OS.
 */
export function testConfig(overrides: Record<string, string> = {}): AppConfig {
  const run = testRunId();
  return AppConfig.fromEnv({
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    DATABASE_URL: TEST_DATABASE_URL,
    DATABASE_MIGRATE_ON_START: 'false',
    KAFKA_BROKERS: process.env.KAFKA_BROKERS ?? '127.0.0.1:9092',
    KAFKA_TOPIC_PREFIX: `${run}.webhooks`,
    KAFKA_GROUP_PREFIX: run,
    KAFKA_TOPIC_PARTITIONS: '3',
    INGEST_TOPICS: `${run}.events`,
    SCHEMA_REGISTRY_URL: process.env.SCHEMA_REGISTRY_URL ?? 'http://127.0.0.1:8081/apis/ccompat/v7',
    RETRY_SCHEDULE: '1s,2s,3s,4s,5s,6s',
    EGRESS_ALLOW_CIDRS: '127.0.0.0/8',
    SHUTDOWN_TIMEOUT_MS: '5000',
    SECRETS_ENCRYPTION_KEYS: TEST_KEY_RING,
    METRICS_PORT: '0',
    ...overrides,
  });
}

/**
 * The least environment the built service starts with, as an operator sets it (no testConfig
 * defaults): a run's own topics and groups on the shared stack, a port of its own.
 */
export function operatorEnv(run: string, overrides: Record<string, string> = {}): Record<string, string> {
  return {
    PORT: String(portOutsideEphemeralRange()),
    METRICS_PORT: String(portOutsideEphemeralRange()),
    DATABASE_URL: TEST_DATABASE_URL,
    SECRETS_ENCRYPTION_KEYS: TEST_KEY_RING,
    KAFKA_TOPIC_PREFIX: `${run}.webhooks`,
    KAFKA_GROUP_PREFIX: run,
    INGEST_TOPICS: `${run}.events`,
    LOG_LEVEL: 'warn',
    ...overrides,
  };
}
