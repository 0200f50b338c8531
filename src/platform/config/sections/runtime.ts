import type { Environment } from '../environment.js';
import { ConfigError, parseKeyRing, type EncryptionKeySetting } from '../secret-settings.js';
import type { DeploymentEnvironment } from '../security.env.js';

/** The process as a whole: its logs and its shutdown. */
export interface RuntimeSettings {
  /** LOG_LEVEL; "silent" turns the logs off. */
  readonly logLevel: string;
  /** SHUTDOWN_TIMEOUT_MS: how long SIGTERM waits for work in flight. */
  readonly shutdownTimeoutMs: number;
}

/** The private metrics listener. */
export interface MetricsSettings {
  /** METRICS_PORT; 0 lets the OS pick one. */
  readonly port: number;
  /** METRICS_BEARER_TOKEN (or its _FILE's content); empty: none required. */
  readonly bearerToken: string;
  /** METRICS_MAX_SUBSCRIPTION_SERIES. */
  readonly maxSubscriptionSeries: number;
}

/** Secrets at rest. */
export interface SecretsSettings {
  /** SECRETS_ENCRYPTION_KEYS (or its _FILE's content), first key first (it encrypts); empty when none. */
  readonly encryptionKeys: readonly EncryptionKeySetting[];
  /** DEPLOYMENT_ENVIRONMENT: production refuses to start without a key ring. */
  readonly deploymentEnvironment: DeploymentEnvironment;
}

export function runtimeSettings(env: Environment): RuntimeSettings {
  return { logLevel: env.LOG_LEVEL, shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS };
}

export function metricsSettings(env: Environment): MetricsSettings {
  // Caught here, not as EADDRINUSE once the consumers have joined their groups.
  if (env.METRICS_PORT !== 0 && env.METRICS_PORT === env.PORT)
    throw new ConfigError(`METRICS_PORT: must differ from PORT (both ${env.PORT}): /metrics has a listener of its own`);
  return {
    port: env.METRICS_PORT,
    bearerToken: env.METRICS_BEARER_TOKEN,
    maxSubscriptionSeries: env.METRICS_MAX_SUBSCRIPTION_SERIES,
  };
}

export function secretsSettings(env: Environment): SecretsSettings {
  return {
    encryptionKeys: parseKeyRing(env.SECRETS_ENCRYPTION_KEYS),
    deploymentEnvironment: env.DEPLOYMENT_ENVIRONMENT,
  };
}
