import { Transform } from 'class-transformer';
import { IsInt, IsOptional, IsString, Matches, Max, Min } from 'class-validator';
import { toInt, DURATION, DURATION_LIST } from './env-values.js';
import { ApiEnvironment } from './api.env.js';

/**
 * The variables of delivery: requests and their limits, egress, retries and circuit breakers.
 * Part of Environment.
 */
export class DeliveryEnvironment extends ApiEnvironment {
  /** One retry tier (and topic) per delay, each longer than the one before; units ms, s, m, h, d. */
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
