import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, IsUrl, Matches, Max, Min, MinLength } from 'class-validator';
import { SecurityEnvironment } from './security.env.js';

const toInt = ({ value }: { value: unknown }) => (value === undefined || value === '' ? undefined : Number(value));
const toBool = ({ value }: { value: unknown }) =>
  value === undefined || value === '' ? undefined : ['1', 'true', 'yes', 'on'].includes(String(value).toLowerCase());

export const ROLES = ['api', 'ingest', 'delivery', 'retry', 'operations'] as const;
export type Role = (typeof ROLES)[number];

const DURATION = /^\s*\d+(ms|s|m|h|d)\s*$/;
const DURATION_LIST = /^\s*\d+(ms|s|m|h|d)\s*(,\s*\d+(ms|s|m|h|d)\s*)*$/;
const ROLE_LIST = new RegExp(`^\\s*(all|${ROLES.join('|')})(\\s*,\\s*(${ROLES.join('|')}))*\\s*$`);
const BROKER_LIST = /^\s*[^\s,:]+:\d+(\s*,\s*[^\s,:]+:\d+)*\s*$/;

/**
 * Every variable the service reads, with its default. Validated once at start (Immich's pattern):
 * nothing else in the code reads process.env.
 */
export class Environment extends SecurityEnvironment {
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

  /** One retry tier (and topic) per delay, in order; units ms, s, m, h, d. */
  @IsOptional()
  @Matches(DURATION_LIST, { message: 'must be a comma list of durations such as 1m,5m,30m,2h' })
  RETRY_SCHEDULE = '1m,5m,30m,2h,8h,24h';

  /**
   * The waits before an alert's further attempts when its alert_url refuses it (durations, in
   * order); after the last one the alert is parked in the DLQ (alert_not_delivered), redrivable.
   */
  @IsOptional()
  @Matches(DURATION_LIST, { message: 'must be a comma list of durations such as 5s,30s,2m,5m' })
  ALERT_RETRY_SCHEDULE = '5s,30s,2m,5m';

  /** Longest an attempt may take, headers and body, in milliseconds; a body still coming then is cut, and the status decides. */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(100)
  @Max(120000)
  DELIVERY_TIMEOUT_MS = 30000;

  /** Deliveries in flight per delivery or retry consumer. */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(10000)
  DELIVERY_CONCURRENCY = 256;

  /**
   * The most deliveries in flight per subscription; its adaptive limit starts at 4 and grows towards this
   * only while the endpoint answers promptly.
   */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(1000)
  DELIVERY_CONCURRENCY_PER_SUBSCRIPTION = 128;

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

  /** Comma list of CIDRs exempt from the private-network block, such as 127.0.0.0/8 for a local receiver. */
  @IsOptional()
  @IsString()
  EGRESS_ALLOW_CIDRS = '';

  /** Path of an extra trusted CA bundle (PEM) for endpoints, such as a self-signed local receiver. */
  @IsOptional()
  @IsString()
  EGRESS_CA_FILE = '';

  /**
   * An HTTP CONNECT proxy every request to endpoints leaves through (deliveries, verification
   * challenges, alerts, OAuth2 token requests), so they come from addresses a deployment can publish:
   * `http://[user:password@]host:port`. The IP policy still judges each target before the CONNECT,
   * and the tunnel is asked for the judged address. Empty: connect directly. When the URL carries
   * credentials, mount it as a secret and name the file in EGRESS_PROXY_URL_FILE.
   */
  @IsOptional()
  @Matches(/^(http:\/\/[^\s/?#]+\/?)?$/, { message: 'must be http://[user:password@]host:port' })
  EGRESS_PROXY_URL = '';

  /** Bootstrap tenant:key pairs (keys at least 16 characters), for development and tests. */
  @IsOptional()
  @Matches(/^(\s*[A-Za-z0-9._-]+:[^\s,:]{16,}\s*)?(,\s*[A-Za-z0-9._-]+:[^\s,:]{16,}\s*)*$/, {
    message: 'must be a comma list of tenant:key pairs, keys at least 16 characters',
  })
  API_KEYS = '';

  /** Requests per API key (or per client address without a valid key) in each one-minute window. */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(1000000)
  API_RATE_LIMIT_PER_MINUTE = 600;

  /** Largest request body accepted, in bytes; bigger ones get 413. */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1024)
  @Max(16777216)
  API_BODY_LIMIT = 1048576;

  /** How long an Idempotency-Key and its stored response are kept (the spec's 24-48 h). */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(24)
  @Max(48)
  IDEMPOTENCY_TTL_HOURS = 24;

  /** Most items in one POST /v1/webhooks/batch (the spec's range tops at 1000). */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(1000)
  BATCH_MAX_ITEMS = 100;

  /**
   * Most subscriptions one tenant may hold; beyond, creating one answers 409
   * SUBSCRIPTION_LIMIT_REACHED. Each event fans out to every matching subscription on the ingest
   * partition other tenants share, so no tenant may multiply that work without bound.
   */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(1000000)
  MAX_SUBSCRIPTIONS_PER_TENANT = 1000;

  /**
   * How long POST /v1/events waits for the broker's acknowledgement (acks=all) before it answers
   * 503 with Retry-After, in ms. The send goes on: if it lands, a repeat of the event gets the 202.
   */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(100)
  @Max(60000)
  PUBLISH_ACK_TIMEOUT_MS = 5000;

  /**
   * URL verification challenges (url and alert_url, batches included) one tenant may make Hookline
   * send per minute, across instances; beyond, registration answers 429.
   */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(1000000)
  VERIFICATION_RATE_PER_MINUTE = 200;

  /** URL verification challenges of one tenant in flight at once, per instance; beyond, registration answers 429. */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(1000)
  VERIFICATION_CONCURRENCY = 8;

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

  /** Up to this percentage of a retry tier's delay is added at random to each due time (never subtracted). */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(100)
  RETRY_JITTER_PERCENT = 10;

  /** The longest wait a 429/503 Retry-After can impose (and never more than RETRY_SCHEDULE's last tier); shorter ones than the tier's delay are raised to it. */
  @IsOptional()
  @Matches(DURATION, { message: 'must be a duration such as 30s, 5m, 24h' })
  RETRY_AFTER_MAX = '24h';

  /** Added to the wait after a timeout or a 429 (the endpoint is overloaded); 0s adds none. */
  @IsOptional()
  @Matches(DURATION, { message: 'must be a duration such as 0s, 30s, 1m' })
  RETRY_OVERLOAD_PENALTY = '0s';

  /** Circuit breaker: opens after this many failed attempts in a row to one subscription; 0 turns the rule off. */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(100000)
  CIRCUIT_CONSECUTIVE_FAILURES = 20;

  /** Circuit breaker: opens when this percentage of attempts in CIRCUIT_WINDOW failed; 0 turns the rule off. */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(100)
  CIRCUIT_FAILURE_RATIO_PERCENT = 50;

  /** Circuit breaker: the ratio rule applies only from this many attempts in the window. */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(1000000)
  CIRCUIT_MIN_REQUESTS = 20;

  /** Circuit breaker: the window of the failure ratio, a duration. */
  @IsOptional()
  @Matches(DURATION, { message: 'must be a duration such as 30s, 5m' })
  CIRCUIT_WINDOW = '60s';

  /** How long an open circuit skips attempts before letting one half-open probe through. */
  @IsOptional()
  @Matches(DURATION, { message: 'must be a duration such as 30s, 5m' })
  CIRCUIT_OPEN_DURATION = '30s';

  /**
   * How often an instance re-reads the shared circuit rows of the subscriptions it delivers to, so
   * a circuit another instance opened or closed is followed within this long.
   */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(50)
  @Max(60000)
  CIRCUIT_SYNC_MS = 1000;
}
