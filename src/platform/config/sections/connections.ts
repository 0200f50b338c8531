import type { Environment } from '../environment.js';
import {
  kafkaSecurityOf,
  registryConnectionOf,
  type KafkaSecurity,
  type RegistryConnection,
} from '../connection-security.js';
import { ConfigError } from '../secret-settings.js';
import { list } from './lists.js';

/** The API's listener. */
export interface HttpSettings {
  /** HOST: the address the API (and the metrics listener) binds to. */
  readonly host: string;
  /** PORT. */
  readonly port: number;
}

export interface DatabaseSettings {
  /** DATABASE_URL, credentials included: never log it unredacted. */
  readonly url: string;
  /** DATABASE_MIGRATE_ON_START. */
  readonly migrateOnStart: boolean;
  /** DATABASE_POOL_SIZE: connections per instance. */
  readonly poolSize: number;
}

export interface KafkaSettings {
  /** KAFKA_BROKERS as host:port items. */
  readonly brokers: readonly string[];
  /** KAFKA_CLIENT_ID. */
  readonly clientId: string;
  /** KAFKA_TOPIC_PREFIX: the namespace of this deployment's topics, groups and shared rows. */
  readonly topicPrefix: string;
  /** KAFKA_GROUP_PREFIX, else hookline.<topicPrefix> (one deployment, its own groups). */
  readonly groupPrefix: string;
  /** KAFKA_TOPIC_PARTITIONS of the topics Hookline creates. */
  readonly partitions: number;
  /** KAFKA_REPLICATION_FACTOR of the topics Hookline creates. */
  readonly replicationFactor: number;
  /** KAFKA_CONNECT_TIMEOUT_MS. */
  readonly connectTimeoutMs: number;
  /** KAFKA_SESSION_TIMEOUT_MS of every consumer group member. */
  readonly sessionTimeoutMs: number;
  /** TLS and SASL of every Kafka client (platform/kafka/kafka-client.ts builds them all). */
  readonly security: Readonly<KafkaSecurity>;
}

/** How requests to endpoints leave: the private-network exemptions, extra trusted CAs, the proxy. */
export interface EgressSettings {
  /** EGRESS_ALLOW_CIDRS. */
  readonly allowCidrs: readonly string[];
  /** EGRESS_CA_FILE; empty: none. */
  readonly caFile: string;
  /** EGRESS_PROXY_URL (or its _FILE's content); empty: endpoints are reached directly. */
  readonly proxyUrl: string;
}

export function httpSettings(env: Environment): HttpSettings {
  return { host: env.HOST, port: env.PORT };
}

export function databaseSettings(env: Environment): DatabaseSettings {
  return { url: env.DATABASE_URL, migrateOnStart: env.DATABASE_MIGRATE_ON_START, poolSize: env.DATABASE_POOL_SIZE };
}

export function kafkaSettings(env: Environment): KafkaSettings {
  return {
    brokers: list(env.KAFKA_BROKERS),
    clientId: env.KAFKA_CLIENT_ID,
    topicPrefix: env.KAFKA_TOPIC_PREFIX,
    groupPrefix: env.KAFKA_GROUP_PREFIX || `hookline.${env.KAFKA_TOPIC_PREFIX}`,
    partitions: env.KAFKA_TOPIC_PARTITIONS,
    replicationFactor: env.KAFKA_REPLICATION_FACTOR,
    connectTimeoutMs: env.KAFKA_CONNECT_TIMEOUT_MS,
    sessionTimeoutMs: env.KAFKA_SESSION_TIMEOUT_MS,
    security: kafkaSecurityOf(env),
  };
}

/** The registry's URL without user-info, its credentials and trusted CAs. */
export function registrySettings(env: Environment): RegistryConnection {
  return registryConnectionOf(env);
}

export function egressSettings(env: Environment): EgressSettings {
  // EGRESS_PROXY_URL_FILE was read into EGRESS_PROXY_URL by fromEnv, and validated with the others.
  const proxyUrl = env.EGRESS_PROXY_URL;
  if (proxyUrl && !isProxyUrl(proxyUrl))
    throw new ConfigError('EGRESS_PROXY_URL: must be http://[user:password@]host:port, with a port from 1 to 65535');
  return { allowCidrs: list(env.EGRESS_ALLOW_CIDRS), caFile: env.EGRESS_CA_FILE, proxyUrl };
}

/**
 * Whether the URL parses, with a usable port. The pattern check lets `host:3128x` through, and
 * the URL parser's own error would repeat the URL, credentials included, into the start's log.
 */
function isProxyUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.hostname !== '' && (parsed.port === '' || Number(parsed.port) > 0);
  } catch {
    return false;
  }
}
