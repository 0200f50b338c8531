import { ApiPropertyOptional, IntersectionType } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { SUBSCRIPTION_STATUSES } from './subscription.dto.js';
import { CursorPageQuery, queryInt } from '../../platform/http/cursor-page.query.js';

export const SORTS = ['created_at', '-created_at', 'updated_at', '-updated_at'] as const;
export const FIELDS = [
  'id',
  'url',
  'events',
  'description',
  'metadata',
  'alert_url',
  'status',
  'status_reason',
  'status_changed_at',
  'version',
  'created_at',
  'updated_at',
] as const;
export const EXPANSIONS = ['event_types'] as const;

const COMMA_LIST = /^[a-z_]+(,[a-z_]+)*$/;

export class ReadQueryDto {
  @ApiPropertyOptional({ description: `Comma list of fields to return (id always included): ${FIELDS.join(', ')}` })
  @IsOptional()
  @IsString()
  @MaxLength(500)
  @Matches(COMMA_LIST, { message: 'fields must be a comma-separated list of field names' })
  fields?: string;

  @ApiPropertyOptional({ description: `Comma list of relations to expand: ${EXPANSIONS.join(', ')}` })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  @Matches(COMMA_LIST, { message: 'expand must be a comma-separated list' })
  expand?: string;
}

export class ListQueryDto extends IntersectionType(ReadQueryDto, CursorPageQuery) {
  @ApiPropertyOptional({ minimum: 0, maximum: 100000, description: 'Offset pagination (instead of after)' })
  @IsOptional()
  @Transform(queryInt)
  @IsInt()
  @Min(0)
  @Max(100000)
  offset?: number;

  @ApiPropertyOptional({ enum: SORTS, default: 'created_at', description: 'Leading minus for descending' })
  @IsOptional()
  @IsIn(SORTS)
  sort?: (typeof SORTS)[number];

  @ApiPropertyOptional({ enum: SUBSCRIPTION_STATUSES })
  @IsOptional()
  @IsIn(SUBSCRIPTION_STATUSES)
  status?: (typeof SUBSCRIPTION_STATUSES)[number];

  @ApiPropertyOptional({ description: 'Only subscriptions that receive this event type (wildcards included)' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  @Matches(/^[A-Za-z0-9_.-]+$/, { message: 'event must be an event type such as order.created' })
  event?: string;
}
