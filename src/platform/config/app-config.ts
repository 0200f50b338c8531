import 'reflect-metadata';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { Environment, ROLES, type Role } from './environment.js';
import { connectionSecurityProblems, type RegistryConnection } from './connection-security.js';
import { withFileValues } from './file-values.js';
import { ConfigError } from './secret-settings.js';
import { apiSettings, verificationSettings, type ApiSettings, type VerificationSettings } from './sections/api.js';
import {
  catalogSettings,
  operationsSettings,
  outboxSettings,
  retentionSettings,
  type CatalogSettings,
  type OperationsSettings,
  type OutboxSettings,
  type RetentionSettings,
} from './sections/background.js';
import {
  databaseSettings,
  egressSettings,
  httpSettings,
  kafkaSettings,
  registrySettings,
  type DatabaseSettings,
  type EgressSettings,
  type HttpSettings,
  type KafkaSettings,
} from './sections/connections.js';
import { frozen, list } from './sections/lists.js';
import { orderedSettings, type OrderedSettings } from './sections/ordered.js';
import {
  circuitSettings,
  deliverySettings,
  healthSettings,
  ingestSettings,
  limitSettings,
  type CircuitSettings,
  type DeliverySettings,
  type HealthSettings,
  type IngestSettings,
  type LimitSettings,
} from './sections/pipeline.js';
import {
  metricsSettings,
  runtimeSettings,
  secretsSettings,
  type MetricsSettings,
  type RuntimeSettings,
  type SecretsSettings,
} from './sections/runtime.js';

export { ConfigError };

/**
 * What a process uses of the configuration. The service and the demo use all of it; the CLI's
 * commands that touch only Postgres (and the key ring) leave Kafka out, so a Kafka setting they
 * never use (a SASL mechanism without its password) cannot stop them.
 */
export interface ConfigUse {
  /** false: the Kafka variables are neither read nor validated, and reading `kafka` throws. */
  kafka: boolean;
}

const EVERYTHING: ConfigUse = { kafka: true };

/** The Kafka section's variables: KAFKA_*, and AWS_REGION, which only AWS_MSK_IAM reads. */
const isKafkaVariable = (name: string) => name.startsWith('KAFKA_') || name === 'AWS_REGION';

/**
 * The validated, typed configuration. Built once from the environment and injected everywhere.
 * Callers read it by concern (`config.kafka.brokers`, `config.delivery.retrySchedule`), each value
 * parsed here once (lists as arrays, durations as ms) and frozen; nothing outside this folder reads
 * `env` (eslint.config.mjs forbids it), which stays for the child-process environment of devtools.
 */
export class AppConfig {
  /** The raw validated variables, for the environment of a child process; read the sections instead. */
  readonly env: Readonly<Environment>;
  readonly roles: ReadonlySet<Role>;
  readonly runtime: RuntimeSettings;
  readonly http: HttpSettings;
  readonly api: ApiSettings;
  readonly verification: VerificationSettings;
  readonly database: DatabaseSettings;
  private readonly kafkaSection?: KafkaSettings;
  /** The schema registry's URL without user-info, its credentials and trusted CAs. */
  readonly registry: Readonly<RegistryConnection>;
  readonly catalog: CatalogSettings;
  readonly ingest: IngestSettings;
  readonly delivery: DeliverySettings;
  readonly circuit: CircuitSettings;
  readonly egress: EgressSettings;
  readonly limits: LimitSettings;
  readonly health: HealthSettings;
  readonly operations: OperationsSettings;
  readonly ordered: OrderedSettings;
  readonly outbox: OutboxSettings;
  readonly retention: RetentionSettings;
  readonly metrics: MetricsSettings;
  readonly secrets: SecretsSettings;

  constructor(env: Environment, use: ConfigUse = EVERYTHING) {
    this.env = Object.freeze(env);
    const roles = list(env.ROLES);
    this.roles = new Set(roles.includes('all') ? ROLES : (roles as Role[]));
    this.runtime = frozen(runtimeSettings(env));
    this.http = frozen(httpSettings(env));
    this.api = frozen(apiSettings(env));
    this.verification = frozen(verificationSettings(env));
    this.database = frozen(databaseSettings(env));
    if (use.kafka) this.kafkaSection = frozen(kafkaSettings(env));
    this.registry = frozen(registrySettings(env));
    this.catalog = frozen(catalogSettings(env));
    this.ingest = frozen(ingestSettings(env));
    this.delivery = frozen(deliverySettings(env));
    this.circuit = frozen(circuitSettings(env));
    this.egress = frozen(egressSettings(env));
    this.limits = frozen(limitSettings(env));
    this.health = frozen(healthSettings(env));
    this.operations = frozen(operationsSettings(env));
    this.ordered = frozen(orderedSettings(env));
    this.outbox = frozen(outboxSettings(env));
    this.retention = frozen(retentionSettings(env));
    this.metrics = frozen(metricsSettings(env));
    // SECRETS_ENCRYPTION_KEYS_FILE and METRICS_BEARER_TOKEN_FILE were read into these by fromEnv.
    this.secrets = frozen(secretsSettings(env));
  }

  /** The Kafka settings; throws in a process whose configuration was loaded without them (ConfigUse). */
  get kafka(): KafkaSettings {
    if (!this.kafkaSection)
      throw new ConfigError('the Kafka settings were not loaded: this command was declared not to use Kafka');
    return this.kafkaSection;
  }

  hasRole(role: Role): boolean {
    return this.roles.has(role);
  }

  /** The configuration of this process, from its environment: the entry points' one read of process.env. */
  static fromProcessEnv(use: ConfigUse = EVERYTHING): AppConfig {
    return AppConfig.fromEnv(process.env, use);
  }

  /**
   * Validates a raw environment, where any variable NAME may be given as the path of a file holding
   * its value instead (NAME_FILE, as Kubernetes mounts Secrets); throws one ConfigError naming every
   * bad variable, never a value. Without `use.kafka`, the Kafka variables are left out: they keep
   * their defaults, which nothing reads.
   */
  static fromEnv(source: Record<string, string | undefined>, use: ConfigUse = EVERYTHING): AppConfig {
    const known = Object.keys(new Environment()).filter((name) => use.kafka || !isKafkaVariable(name));
    const { values, problems } = withFileValues(source, known);
    const raw = Object.fromEntries(Object.entries(values).filter(([k, v]) => known.includes(k) && v !== undefined));
    const env = plainToInstance(Environment, raw, { exposeDefaultValues: true });
    const errors = validateSync(env, { forbidUnknownValues: false });
    problems.push(...errors.map((e) => `${e.property}: ${constraintMessage(e.property, e.constraints)}`));
    if (errors.length === 0) problems.push(...connectionSecurityProblems(env, use));
    if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
    return new AppConfig(env, use);
  }
}

/**
 * What a refused value breaks. A value that is not a number at all (`30s` for a millisecond
 * setting) fails its range checks too; saying "must not be greater than…" of it only confuses, so
 * the type is named alone.
 */
function constraintMessage(property: string, constraints: Record<string, string> = {}): string {
  if (constraints.isInt && property.endsWith('_MS')) return 'must be a whole number of milliseconds, such as 30000';
  if (constraints.isInt) return constraints.isInt;
  return Object.values(constraints).join('; ');
}
