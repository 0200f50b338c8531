import { readFileSync } from 'node:fs';
import type { ConnectionOptions } from 'node:tls';
import { Kafka, logLevel, type KafkaConfig, type Mechanism, type SASLOptions } from 'kafkajs';
import type { AppConfig } from '../config/app-config.js';
import type { KafkaSasl, KafkaSecurity } from '../config/connection-security.js';
import { oauthBearerAuthenticator } from './oauth-bearer-authenticator.js';
import { CachedToken, clientCredentialsToken, OAuthTokenError, type Token } from './oauth-token-source.js';
// Before any client exists: every connection's request queue gets the fixed throttle check, and a
// group coordinator lookup keeps the brokers' answer (a missing group ACL) as its error's cause.
import './kafkajs-request-queue.js';
import './kafkajs-coordinator-errors.js';

export interface KafkaClientOptions {
  /** Default KAFKA_CLIENT_ID; tools name themselves (hookline-demo, hookline-bench…). */
  clientId?: string;
  retry?: KafkaConfig['retry'];
  requestTimeout?: number;
}

/**
 * The one way Hookline makes a Kafka client: the service's consumers, producer and admin, the CLI,
 * the demo, the bench and the tests' helpers all come from here, so none can miss the TLS and SASL
 * settings (ESLint refuses `new Kafka` anywhere else). Hostname verification is always on.
 */
export function createKafkaClient(config: AppConfig, options: KafkaClientOptions = {}): Kafka {
  return new Kafka({
    clientId: options.clientId ?? config.kafka.clientId,
    brokers: [...config.kafka.brokers],
    connectionTimeout: config.kafka.connectTimeoutMs,
    requestTimeout: options.requestTimeout ?? 30_000,
    retry: options.retry,
    logLevel: logLevel.NOTHING,
    ssl: tlsOptions(config.kafka.security),
    sasl: saslOptions(config),
  });
}

/** Node's TLS options for SSL and SASL_SSL: the CA file replaces the system's CAs, as a Java trust store does. */
export function tlsOptions(security: KafkaSecurity): ConnectionOptions | undefined {
  if (!security.tls) return undefined;
  const { caFile, certFile, keyFile } = security.tls;
  return {
    // Explicit, so NODE_TLS_REJECT_UNAUTHORIZED=0 in the environment cannot turn verification off.
    rejectUnauthorized: true,
    ...(caFile ? { ca: [readFileSync(caFile, 'utf8')] } : {}),
    ...(certFile ? { cert: readFileSync(certFile, 'utf8'), key: readFileSync(keyFile, 'utf8') } : {}),
  };
}

/** One token cache per configuration. */
const tokenCaches = new WeakMap<AppConfig, CachedToken>();

/**
 * kafkajs's SASL options for the configured mechanism. OAUTHBEARER and AWS_MSK_IAM (a token over
 * OAUTHBEARER) authenticate with Hookline's own OAUTHBEARER exchange (oauth-bearer-authenticator.ts),
 * which reports a refused token as one, with tokens from the configuration's shared cache.
 */
export function saslOptions(config: AppConfig): SASLOptions | Mechanism | undefined {
  const sasl = config.kafka.security.sasl;
  if (!sasl) return undefined;
  switch (sasl.mechanism) {
    case 'PLAIN':
      return { mechanism: 'plain', username: sasl.username, password: sasl.password };
    case 'SCRAM-SHA-256':
      return { mechanism: 'scram-sha-256', username: sasl.username, password: sasl.password };
    case 'SCRAM-SHA-512':
      return { mechanism: 'scram-sha-512', username: sasl.username, password: sasl.password };
    default:
      return { mechanism: 'oauthbearer', authenticationProvider: oauthBearerAuthenticator(bearerTokens(config)) };
  }
}

/** The configuration's token cache (OAUTHBEARER, AWS_MSK_IAM): every client of a process shares its tokens. */
export function bearerTokens(config: AppConfig): CachedToken {
  const sasl = config.kafka.security.sasl;
  if (!sasl || 'username' in sasl)
    throw new Error(`KAFKA_SASL_MECHANISM ${sasl?.mechanism ?? '(none)'} uses no tokens`);
  let cache = tokenCaches.get(config);
  if (!cache) tokenCaches.set(config, (cache = new CachedToken(tokenFetcher(sasl, config.kafka.security))));
  return cache;
}

function tokenFetcher(sasl: Exclude<KafkaSasl, { username: string }>, security: KafkaSecurity): () => Promise<Token> {
  if (sasl.mechanism === 'OAUTHBEARER') {
    const caFile = security.tls?.caFile;
    return clientCredentialsToken(sasl, caFile ? [readFileSync(caFile, 'utf8')] : undefined);
  }
  return () => mskIamToken(sasl.region);
}

/** Amazon MSK IAM: AWS's signer makes the token from the default credential chain (loaded only when used). */
async function mskIamToken(region: string): Promise<Token> {
  try {
    const { generateAuthToken } = await import('aws-msk-iam-sasl-signer-js');
    const { token, expiryTime } = await generateAuthToken({ region });
    return { value: token, expiresAt: expiryTime };
  } catch (error) {
    throw new OAuthTokenError(`no AWS MSK IAM token: ${(error as Error).message}`, { cause: error });
  }
}
