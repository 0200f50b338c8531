import { ApiPropertyOptional, IntersectionType } from '@nestjs/swagger';
import { IsIn, IsString, Matches, MaxLength } from 'class-validator';
import { SUBSCRIPTION_STATUSES } from './subscription.dto.js';
import { CursorPageQuery, QueryInt } from '../../platform/http/cursor-page.query.js';
import { Optional } from '../../platform/http/validation.js';

export const SORTS = ['created_at', '-created_at', 'updated_at', '-updated_at'] as const;
export const FIELDS = [
  'id',
  'url',
  'events',
  'description',
  'metadata',
  'alert_url',
  'filter',
  'ordering',
  'status',
  'status_reason',
  'status_changed_at',
  'signature_scheme',
  'headers',
  'auth',
  'version',
  'created_at',
  'updated_at',
] as const;
export const EXPANSIONS = ['event_types'] as const;

/** A comma list of these names and no others: the pattern the document shows is the one checked. */
const commaList = (names: readonly string[]) => new RegExp(`^(${names.join('|')})(,(${names.join('|')}))*$`);

export class ReadQueryDto {
  @ApiPropertyOptional({ description: `Comma list of fields to return (id always included): ${FIELDS.join(', ')}` })
  @Optional()
  @IsString()
  @MaxLength(500)
  @Matches(commaList(FIELDS), { message: `fields must be a comma-separated list of: ${FIELDS.join(', ')}` })
  fields?: string;

  @ApiPropertyOptional({ description: `Comma list of relations to expand: ${EXPANSIONS.join(', ')}` })
  @Optional()
  @IsString()
  @MaxLength(200)
  @Matches(commaList(EXPANSIONS), { message: `expand must be a comma-separated list of: ${EXPANSIONS.join(', ')}` })
  expand?: string;
}

export class ListQueryDto extends IntersectionType(ReadQueryDto, CursorPageQuery) {
  @ApiPropertyOptional({
    minimum: 0,
    maximum: 100000,
    description: 'Rows to skip: from the start of the list, or with `after` from the cursor on',
  })
  @Optional()
  @QueryInt(0, 100000)
  offset?: number;

  @ApiPropertyOptional({ enum: SORTS, default: 'created_at', description: 'Leading minus for descending' })
  @Optional()
  @IsIn(SORTS)
  sort?: (typeof SORTS)[number];

  @ApiPropertyOptional({ enum: SUBSCRIPTION_STATUSES })
  @Optional()
  @IsIn(SUBSCRIPTION_STATUSES)
  status?: (typeof SUBSCRIPTION_STATUSES)[number];

  @ApiPropertyOptional({ description: 'Only subscriptions that receive this event type (wildcards included)' })
  @Optional()
  @IsString()
  @MaxLength(100)
  @Matches(/^[A-Za-z0-9_.-]+$/, { message: 'event must be an event type such as order.created' })
  event?: string;
}
