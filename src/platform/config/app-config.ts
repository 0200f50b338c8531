import 'reflect-metadata';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { Environment, ROLES, type Role } from './environment.js';
import { parseDurationList } from './duration.js';
import {
  connectionSecurityProblems,
  kafkaSecurityOf,
  registryConnectionOf,
  type KafkaSecurity,
  type RegistryConnection,
} from './connection-security.js';
import { withFileValues } from './file-values.js';
import { ConfigError, parseKeyRing, type EncryptionKeySetting } from './secret-settings.js';
import type { DeploymentEnvironment } from './security.env.js';

export { ConfigError };

const list = (text: string) =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * The validated, typed configuration. Built once from the environment and injected everywhere;
 * derived values (lists, durations, role set) are computed here so no caller re-parses.
 */
export class AppConfig {
  readonly env: Readonly<Environment>;
  readonly roles: ReadonlySet<Role>;
  readonly kafkaBrokers: string[];
  readonly ingestTopics: string[];
  readonly retrySchedule: { label: string; ms: number }[];
  /** ALERT_RETRY_SCHEDULE: the waits before an alert's second, third… attempt, ms. */
  readonly alertRetrySchedule: number[];
  readonly egressAllowCidrs: string[];
  readonly bootstrapApiKeys: { tenant: string; key: string }[];
  /** Prefix of every consumer group: KAFKA_GROUP_PREFIX, else derived from the topic prefix (one deployment, its own groups). */
  readonly groupPrefix: string;
  readonly operatorApiKeys: string[];
  /** TLS and SASL of every Kafka client (platform/kafka/kafka-client.ts builds them all). */
  readonly kafkaSecurity: KafkaSecurity;
  /** The registry's URL without user-info, its credentials and trusted CAs. */
  readonly schemaRegistry: RegistryConnection;
  /** The key ring of secrets at rest, first key first (it encrypts); empty when none is configured. */
  readonly encryptionKeys: readonly EncryptionKeySetting[];
  /** The bearer token /metrics requires; empty: none. */
  readonly metricsBearerToken: string;
  /** EGRESS_PROXY_URL (or the file's content); empty: endpoints are reached directly. */
  readonly egressProxyUrl: string;

  constructor(env: Environment) {
    this.env = Object.freeze(env);
    const roles = list(env.ROLES);
    this.roles = new Set(roles.includes('all') ? ROLES : (roles as Role[]));
    this.kafkaBrokers = list(env.KAFKA_BROKERS);
    this.ingestTopics = list(env.INGEST_TOPICS);
    this.retrySchedule = parseDurationList(env.RETRY_SCHEDULE);
    this.alertRetrySchedule = parseDurationList(env.ALERT_RETRY_SCHEDULE).map((tier) => tier.ms);
    this.egressAllowCidrs = list(env.EGRESS_ALLOW_CIDRS);
    this.groupPrefix = env.KAFKA_GROUP_PREFIX || `hookline.${env.KAFKA_TOPIC_PREFIX}`;
    this.operatorApiKeys = list(env.OPERATOR_API_KEYS);
    this.kafkaSecurity = kafkaSecurityOf(env);
    this.schemaRegistry = registryConnectionOf(env);
    this.bootstrapApiKeys = list(env.API_KEYS).map((pair) => {
      const at = pair.indexOf(':');
      return { tenant: pair.slice(0, at), key: pair.slice(at + 1) };
    });
    // SECRETS_ENCRYPTION_KEYS_FILE and METRICS_BEARER_TOKEN_FILE were read into these by fromEnv.
    this.encryptionKeys = Object.freeze(parseKeyRing(env.SECRETS_ENCRYPTION_KEYS));
    this.metricsBearerToken = env.METRICS_BEARER_TOKEN;
    // EGRESS_PROXY_URL_FILE was read into it by fromEnv, and validated with the other variables.
    this.egressProxyUrl = env.EGRESS_PROXY_URL;
  }

  /** Production unless DEPLOYMENT_ENVIRONMENT says development: then a start without a key ring is allowed. */
  get deploymentEnvironment(): DeploymentEnvironment {
    return this.env.DEPLOYMENT_ENVIRONMENT;
  }

  hasRole(role: Role): boolean {
    return this.roles.has(role);
  }

  /**
   * Validates a raw environment, where any variable NAME may be given as the path of a file holding
   * its value instead (NAME_FILE, as Kubernetes mounts Secrets); throws one ConfigError naming every
   * bad variable, never a value.
   */
  static fromEnv(source: Record<string, string | undefined>): AppConfig {
    const known = Object.keys(new Environment());
    const { values, problems } = withFileValues(source, known);
    const raw = Object.fromEntries(Object.entries(values).filter(([k, v]) => known.includes(k) && v !== undefined));
    const env = plainToInstance(Environment, raw, { exposeDefaultValues: true });
    const errors = validateSync(env, { forbidUnknownValues: false });
    problems.push(...errors.map((e) => `${e.property}: ${Object.values(e.constraints ?? {}).join('; ')}`));
    if (errors.length === 0) problems.push(...connectionSecurityProblems(env));
    if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
    return new AppConfig(env);
  }
}
