import { Transform } from 'class-transformer';
import { IsInt, IsOptional, Matches, Max, Min } from 'class-validator';
import { toInt } from './env-values.js';
import { SecurityEnvironment } from './security.env.js';

/**
 * The variables of the REST API (role api): keys, limits, idempotency, publishing and the
 * verification of endpoints. Part of Environment.
 */
export class ApiEnvironment extends SecurityEnvironment {
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
}
