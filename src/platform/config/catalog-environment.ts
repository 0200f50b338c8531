import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, Matches, Max, Min } from 'class-validator';
import { BackgroundWorkEnvironment } from './background-work.env.js';
import { toInt } from './env-values.js';

/**
 * The variables of the event-type catalog and of operator keys; Environment extends this class so
 * they are validated, documented and checked with every other variable.
 */
export class CatalogEnvironment extends BackgroundWorkEnvironment {
  /** Deployment-wide keys that may change the event catalog; stored hashed like tenant keys. */
  @IsOptional()
  @Matches(/^(\s*[^\s,]{16,}\s*)?(,\s*[^\s,]{16,}\s*)*$/, {
    message: 'must be a comma list of keys, each at least 16 characters',
  })
  OPERATOR_API_KEYS = '';

  /** What ingest does with an event whose type the catalog does not know. */
  @IsOptional()
  @IsIn(['deliver', 'park'])
  INGEST_UNKNOWN_TYPES: 'deliver' | 'park' = 'deliver';

  /** Registry subjects named <prefix><type> declare event types. */
  @IsOptional()
  @Matches(/^[A-Za-z0-9._-]{1,100}$/, { message: 'must be 1-100 of letters, digits, ".", "_", "-"' })
  EVENT_TYPE_SUBJECT_PREFIX = 'event-type.';

  /** How often the registry's subjects are read into the catalog; 0 turns the registry source off. */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(600000)
  EVENT_TYPE_REGISTRY_POLL_MS = 10000;
}
