import 'reflect-metadata';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { Environment, ROLES, type Role } from './environment.js';
import { parseDurationList } from './duration.js';
import { ConfigError, parseKeyRing, secretSetting, type EncryptionKeySetting } from './secret-settings.js';
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
  readonly egressAllowCidrs: string[];
  readonly bootstrapApiKeys: { tenant: string; key: string }[];
  /** Prefix of every consumer group: KAFKA_GROUP_PREFIX, else derived from the topic prefix (one deployment, its own groups). */
  readonly groupPrefix: string;
  readonly operatorApiKeys: string[];
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
    this.egressAllowCidrs = list(env.EGRESS_ALLOW_CIDRS);
    this.groupPrefix = env.KAFKA_GROUP_PREFIX || `hookline.${env.KAFKA_TOPIC_PREFIX}`;
    this.operatorApiKeys = list(env.OPERATOR_API_KEYS);
    this.bootstrapApiKeys = list(env.API_KEYS).map((pair) => {
      const at = pair.indexOf(':');
      return { tenant: pair.slice(0, at), key: pair.slice(at + 1) };
    });
    const keyRing = secretSetting(
      'SECRETS_ENCRYPTION_KEYS',
      env.SECRETS_ENCRYPTION_KEYS,
      env.SECRETS_ENCRYPTION_KEYS_FILE,
    );
    this.encryptionKeys = Object.freeze(parseKeyRing(keyRing));
    this.metricsBearerToken = secretSetting(
      'METRICS_BEARER_TOKEN',
      env.METRICS_BEARER_TOKEN,
      env.METRICS_BEARER_TOKEN_FILE,
    );
    this.egressProxyUrl = egressProxy(
      secretSetting('EGRESS_PROXY_URL', env.EGRESS_PROXY_URL, env.EGRESS_PROXY_URL_FILE),
    );
  }

  /** Production unless DEPLOYMENT_ENVIRONMENT says development: then a start without a key ring is allowed. */
  get deploymentEnvironment(): DeploymentEnvironment {
    return this.env.DEPLOYMENT_ENVIRONMENT;
  }

  hasRole(role: Role): boolean {
    return this.roles.has(role);
  }

  /** Validates a raw environment; throws one ConfigError naming every bad variable. */
  static fromEnv(source: Record<string, string | undefined>): AppConfig {
    const known = Object.keys(new Environment());
    const raw = Object.fromEntries(Object.entries(source).filter(([k, v]) => known.includes(k) && v !== undefined));
    const env = plainToInstance(Environment, raw, { exposeDefaultValues: true });
    const errors = validateSync(env, { forbidUnknownValues: false });
    if (errors.length > 0) {
      const lines = errors.map((e) => `${e.property}: ${Object.values(e.constraints ?? {}).join('; ')}`);
      throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
    }
    return new AppConfig(env);
  }
}

/** A CONNECT proxy's URL, checked when it came from a file (the variable itself is checked with the others). */
function egressProxy(url: string): string {
  if (url && !/^http:\/\/[^\s/?#]+\/?$/.test(url))
    throw new ConfigError(
      'Invalid configuration:\n  EGRESS_PROXY_URL_FILE: must hold http://[user:password@]host:port',
    );
  return url;
}
