import 'reflect-metadata';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { Environment, ROLES, type Role } from './environment.js';
import { parseDurationList } from './duration.js';

export class ConfigError extends Error {}

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
    this.bootstrapApiKeys = list(env.API_KEYS).map((pair) => {
      const at = pair.indexOf(':');
      return { tenant: pair.slice(0, at), key: pair.slice(at + 1) };
    });
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
