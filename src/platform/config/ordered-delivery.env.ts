import { Transform } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { PipelineLimitsEnvironment } from './pipeline-limits.env.js';
import { toInt } from './env-values.js';

/**
 * The variables of ordered delivery (docs/guides/ordered-delivery.md): the lane that sends each
 * key's events one after another. Part of Environment.
 */
export class OrderedDeliveryEnvironment extends PipelineLimitsEnvironment {
  /**
   * Ordered keys one instance delivers to at once, all subscriptions together: each key has one
   * request in flight at most, each subscription no more than its adaptive limit, and each tenant
   * no more than seven eighths of them, taking turns with the others.
   */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(10000)
  ORDERED_CONCURRENCY = 256;

  /**
   * How often, in ms, an instance puts newly ingested events of ordered subscriptions in order and
   * looks for keys whose next event is due (it also looks at once when one of its own keys moves on).
   */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(10)
  @Max(10000)
  ORDERED_POLL_MS = 100;

  /**
   * How long, in ms, an ordered key stays with the instance sending its next event without a renewal
   * (renewed every third of it). After a crash the key waits this long, then another instance sends
   * that event again.
   */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1000)
  @Max(600000)
  ORDERED_LEASE_MS = 15000;

  /**
   * Days an ordered key with nothing to send is remembered. A key forgotten starts a new chain when
   * its next event comes: sequence 1, previous_event_id null.
   */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(3650)
  ORDERED_KEY_RETENTION_DAYS = 30;
}
