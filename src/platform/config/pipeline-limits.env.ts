import { Transform } from 'class-transformer';
import { IsBoolean, IsInt, IsOptional, Max, Min } from 'class-validator';
import { ConnectionSecurityEnvironment } from './connection-security.env.js';
import { toInt, toBool } from './env-values.js';

/**
 * Limits that keep one record's or one endpoint's trouble its own, and the thresholds at which the
 * health checks stop calling the pipeline ready or live. Part of Environment.
 */
export class PipelineLimitsEnvironment extends ConnectionSecurityEnvironment {
  /**
   * The largest event ingest accepts, as its record's bytes and as the JSON body delivered.
   * Hookline's own topics are created to hold a task of this size (see "Event size" in
   * docs/guides/publishing-events.md).
   */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1024)
  @Max(64 * 1024 * 1024)
  MAX_EVENT_BYTES = 1048576;

  /** Readiness fails while more records than this were parked as processing_error in the last minute. */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(1000000)
  READY_MAX_PROCESSING_ERRORS_PER_MINUTE = 60;

  /**
   * Readiness fails (reason schema_registry_unavailable or schema_registry_auth_failed) once
   * schema-registry lookups have kept failing this long, in ms, with no success since. The records
   * waiting on them are retried meanwhile, never parked.
   */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(86400000)
  READY_SCHEMA_REGISTRY_FAILURE_MS = 30000;

  /** Liveness fails once the pipeline has been unable to produce for this long, so an orchestrator restarts it. */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1000)
  @Max(86400000)
  LIVENESS_PRODUCE_FAILURE_MS = 300000;

  /**
   * Longest an event waits for this instance's subscription table to be fresh as of the event's
   * timestamp when the instance holds no matching lease; past it, the event is matched against the
   * database instead. 0: never wait (read-your-writes off).
   */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(60000)
  INGEST_FRESHNESS_WAIT_MS = 1000;

  /**
   * Whether ingest delivers a healthy subscription's task itself, in the ingest record's time (one
   * Kafka hop a delivery), on an instance that also has the delivery role. A subscription that is
   * slow, stalled, deferring or at its limit, and every task of an ingest-only instance, still go
   * through the deliveries topic. false: every task goes through it (two hops). At most half of
   * INGEST_CONCURRENCY such deliveries run at once, so endpoints that turn slow mid-request hold at
   * most half of intake.
   */
  @IsOptional()
  @Transform(toBool)
  @IsBoolean()
  INGEST_DIRECT_DISPATCH = true;

  /** Bytes of records one consumer holds in its buffer (waiting or in flight) at most, beside the count bound. */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1024 * 1024)
  @Max(4 * 1024 * 1024 * 1024)
  CONSUMER_MAX_BUFFERED_BYTES = 67108864;
}
