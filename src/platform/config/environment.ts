import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, IsUrl, Matches, Max, Min, MinLength } from 'class-validator';
import { toInt, toBool } from './env-values.js';
import { DeliveryEnvironment } from './delivery.env.js';

export const ROLES = ['api', 'ingest', 'delivery', 'retry', 'operations'] as const;
export type Role = (typeof ROLES)[number];

const ROLE_LIST = new RegExp(`^\\s*(all|${ROLES.join('|')})(\\s*,\\s*(${ROLES.join('|')}))*\\s*$`);
const BROKER_LIST = /^\s*[^\s,:]+:\d+(\s*,\s*[^\s,:]+:\d+)*\s*$/;

/**
 * Every variable the service reads, with its default. Validated once at start (Immich's pattern):
 * nothing else in the code reads process.env.
 */
export class Environment extends DeliveryEnvironment {
  /** HTTP port of the API and the health checks (/metrics has a listener of its own, METRICS_PORT). */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(65535)
  PORT = 3000;

  /** Address the HTTP server binds to. */
  @IsOptional()
  @IsString()
  HOST = '0.0.0.0';

  /** Stages this process runs: "all", or a comma list of api, ingest, delivery, retry, operations. */
  @IsOptional()
  @Matches(ROLE_LIST, { message: `must be "all" or a comma list of ${ROLES.join(', ')}` })
  ROLES = 'all';

  /** Log level of the JSON logs; "silent" turns them off. */
  @IsOptional()
  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  LOG_LEVEL = 'info';

  /** Postgres connection URL. */
  @IsOptional()
  @Matches(/^postgres(ql)?:\/\/.+/, { message: 'must be a postgres:// URL' })
  DATABASE_URL = 'postgres://hookline:hookline@127.0.0.1:5432/hookline';

  /** Apply pending migrations at start; when false, run `npm run migrate` before starting. */
  @IsOptional()
  @Transform(toBool)
  @IsBoolean()
  DATABASE_MIGRATE_ON_START = true;

  /** Postgres connections per instance. */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(200)
  DATABASE_POOL_SIZE = 10;

  /** Kafka bootstrap brokers, a comma list of host:port. */
  @IsOptional()
  @Matches(BROKER_LIST, { message: 'must be a comma list of host:port' })
  KAFKA_BROKERS = '127.0.0.1:9092';

  /** Client id Hookline gives the brokers. */
  @IsOptional()
  @IsString()
  @MinLength(1)
  KAFKA_CLIENT_ID = 'hookline';

  /** Prefix of Hookline's own topics; one deployment, one prefix. */
  @IsOptional()
  @Matches(/^[A-Za-z0-9._-]{1,100}$/, { message: 'must be 1-100 of letters, digits, ".", "_", "-"' })
  KAFKA_TOPIC_PREFIX = 'webhooks';

  /** Partitions of the topics Hookline creates. */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(1000)
  KAFKA_TOPIC_PARTITIONS = 3;

  /** Replication factor of the topics Hookline creates (3 in production). */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(10)
  KAFKA_REPLICATION_FACTOR = 1;

  /** Prefix of consumer group ids; empty: hookline.<KAFKA_TOPIC_PREFIX>, so two deployments on one cluster never share a group. */
  @IsOptional()
  @Matches(/^([A-Za-z0-9._-]{1,100})?$/, { message: 'must be 1-100 of letters, digits, ".", "_", "-"' })
  KAFKA_GROUP_PREFIX = '';

  /** Broker connection timeout, in milliseconds; the start fails within a minute when Kafka is down. */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1000)
  @Max(120000)
  KAFKA_CONNECT_TIMEOUT_MS = 10000;

  /**
   * How long Kafka waits for a silent consumer before it hands the consumer's partitions to the rest
   * of its group, in milliseconds. An instance that dies without stopping (kill -9, a lost node)
   * holds its partitions this long, and an instance joining meanwhile holds up its whole group as
   * long. Lower it to recover sooner; consumers send a heartbeat every third of it, at most every 3 s.
   */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(6000)
  @Max(300000)
  KAFKA_SESSION_TIMEOUT_MS = 30000;

  /** Topics carrying your events, a comma list. */
  @IsOptional()
  @Matches(/^\s*[A-Za-z0-9._-]+(\s*,\s*[A-Za-z0-9._-]+)*\s*$/, { message: 'must be a comma list of topic names' })
  INGEST_TOPICS = 'events';

  /** Confluent-compatible schema registry that decodes registry-framed Avro and JSON Schema events. */
  @IsOptional()
  @IsUrl({ require_tld: false, protocols: ['http', 'https'] })
  SCHEMA_REGISTRY_URL = 'http://127.0.0.1:8081/apis/ccompat/v7';

  /** Avro decimal in the delivered JSON: a string with the exact digits, or a number when it fits a double. */
  @IsOptional()
  @IsIn(['string', 'number'])
  AVRO_DECIMAL_AS: 'string' | 'number' = 'string';

  /** Integers beyond ±2^53 (Avro long, JSON): the exact digits as a JSON number, or as a string. */
  @IsOptional()
  @IsIn(['number', 'string'])
  BIG_INTEGERS_AS: 'number' | 'string' = 'number';

  /** Avro unions as {"<branch>": value} (the Avro JSON encoding) instead of the plain value. */
  @IsOptional()
  @Transform(toBool)
  @IsBoolean()
  AVRO_UNION_WRAPPING = false;

  /**
   * Events one ingest consumer works on at once. An event mostly waits (its row's commit, its
   * numbering, the broker's acknowledgement of its tasks), so this bound sets ingest's rate: at 64,
   * one subscription's burst was held near 2,000 events/s on the development machine.
   */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(10000)
  INGEST_CONCURRENCY = 256;

  /** Tenant of events that name none, for single-tenant deployments; empty: such events are parked. */
  @IsOptional()
  @Matches(/^([A-Za-z0-9._-]{1,64})?$/, { message: 'must be a tenant id (letters, digits, ".", "_", "-")' })
  DEFAULT_TENANT = '';

  /** How long SIGTERM waits for deliveries in flight, in milliseconds. */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(600000)
  SHUTDOWN_TIMEOUT_MS = 30000;

  /**
   * Checks an event's data against its type's schema: off, warn (log and metric) or enforce (dead-lettered as
   * invalid_data).
   */
  @IsOptional()
  @IsIn(['off', 'warn', 'enforce'])
  INGEST_DATA_VALIDATION: 'off' | 'warn' | 'enforce' = 'warn';

  /** Consumer group of the ingest stage; empty means <group prefix>.ingest. */
  @IsOptional()
  @Matches(/^([A-Za-z0-9._-]{1,200})?$/, { message: 'must be a consumer group name' })
  INGEST_CONSUMER_GROUP = '';

  /** Days delivery attempts are kept; older daily partitions are dropped. */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(3650)
  ATTEMPT_RETENTION_DAYS = 30;

  /** Days event payloads are kept for recoveries; older daily partitions are dropped. */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(3650)
  EVENT_RETENTION_DAYS = 30;

  /** Longest an attempt row waits for its batch's INSERT; a batch also goes out when it is full. */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(1000)
  ATTEMPT_FLUSH_MS = 10;
}
