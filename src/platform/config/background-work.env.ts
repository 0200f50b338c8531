import { Transform } from 'class-transformer';
import { IsBoolean, IsInt, IsOptional, Max, Min } from 'class-validator';
import { OrderedDeliveryEnvironment } from './ordered-delivery.env.js';
import { toInt, toBool } from './env-values.js';

/**
 * The variables of background work: the changelog outbox relay and the operations runner. Part of
 * Environment (through CatalogEnvironment), so validated, documented and checked with every other.
 */
export class BackgroundWorkEnvironment extends OrderedDeliveryEnvironment {
  /** How often the outbox relay looks for changelog records that were committed but not published. */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(50)
  @Max(60000)
  OUTBOX_RELAY_INTERVAL_MS = 1000;

  /** Test hook: the process kills itself (SIGKILL) right after a change commits, before its changelog publish. */
  @IsOptional()
  @Transform(toBool)
  @IsBoolean()
  OUTBOX_TEST_KILL_AFTER_COMMIT = false;

  /** An operation's lease: a runner renews it while working; when it lapses another runner resumes the work. */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(500)
  @Max(600000)
  OPERATIONS_LEASE_MS = 30000;

  /** How often an idle operations runner looks for pending or abandoned operations. */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(50)
  @Max(60000)
  OPERATIONS_POLL_MS = 1000;

  /** Operations one runner instance works on at once; tenants take turns, the one with fewest running first. */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(64)
  OPERATIONS_CONCURRENCY = 2;

  /** Items (events, dead letters, subscriptions of a report) handled between two checkpoints. */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(10000)
  OPERATIONS_BATCH_SIZE = 500;

  /** Finished operations (and their report rows) are deleted this many days after they finished. */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(3650)
  OPERATIONS_RETENTION_DAYS = 30;
}
