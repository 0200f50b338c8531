import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, Matches, Max, Min } from 'class-validator';
import { CatalogEnvironment } from './catalog-environment.js';
import { toInt } from './env-values.js';

/** `id:base64key` entries, comma or newline separated; ids of letters, digits, `_` and `-`. */
export const KEY_RING_FORMAT =
  /^\s*([A-Za-z0-9_-]{1,32}:[A-Za-z0-9+/_=-]+\s*)?([,\n]\s*[A-Za-z0-9_-]{1,32}:[A-Za-z0-9+/_=-]+\s*)*$/;

export const DEPLOYMENT_ENVIRONMENTS = ['production', 'development'] as const;
export type DeploymentEnvironment = (typeof DEPLOYMENT_ENVIRONMENTS)[number];

/**
 * The variables of secrets at rest and of the private metrics listener. Part of Environment, so
 * validated, documented and checked with every other variable.
 */
export class SecurityEnvironment extends CatalogEnvironment {
  /**
   * What this start is: `production` (the default) refuses to start without an encryption key
   * ring; `development` starts without one, sealing secrets with a published, insecure key.
   */
  @IsOptional()
  @IsIn(DEPLOYMENT_ENVIRONMENTS)
  DEPLOYMENT_ENVIRONMENT: DeploymentEnvironment = 'production';

  /**
   * The key ring that encrypts secrets at rest (AES-256-GCM): `id:base64key` entries, each key 32
   * random bytes. The first encrypts; every one decrypts. Also readable from a file,
   * SECRETS_ENCRYPTION_KEYS_FILE (entries separated by commas or line breaks).
   */
  @IsOptional()
  @Matches(KEY_RING_FORMAT, { message: 'must be a comma list of id:base64key entries (ids of A-Z a-z 0-9 _ -)' })
  SECRETS_ENCRYPTION_KEYS = '';

  /** The port of the private listener serving /metrics: never PORT (refused); 0 lets the OS pick one. */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(65535)
  METRICS_PORT = 9464;

  /**
   * When set, /metrics answers only requests carrying `Authorization: Bearer <this token>`. A
   * production start without one logs a warning.
   */
  @IsOptional()
  @Matches(/^(\S{16,})?$/, { message: 'must be at least 16 characters without spaces' })
  METRICS_BEARER_TOKEN = '';

  /**
   * Most subscriptions with series of their own in each per-subscription metric; the others are
   * summed under subscription_id="_other". A subscription's series go when it is deleted or idle an hour.
   */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(100000)
  METRICS_MAX_SUBSCRIPTION_SERIES = 500;
}
