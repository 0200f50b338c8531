import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsString, MaxLength } from 'class-validator';
import { CursorPageQuery, QueryInt } from '../../platform/http/cursor-page.query.js';
import { IsDateTime, Optional } from '../../platform/http/validation.js';

export const OUTCOMES = [
  'success',
  'http_error',
  'timeout',
  'connect_error',
  'tls_error',
  'dns_error',
  'blocked',
  'auth_error',
  'skipped',
];

/** Query of the delivery logs: cursor pagination (after, limit) and filters. */
export class DeliveryLogQuery extends CursorPageQuery {
  @ApiPropertyOptional({ enum: OUTCOMES })
  @Optional()
  @IsIn(OUTCOMES)
  outcome?: string;

  @ApiPropertyOptional({ minimum: 100, maximum: 599 })
  @Optional()
  @QueryInt(100, 599)
  status_code?: number;

  @ApiPropertyOptional()
  @Optional()
  @IsString()
  @MaxLength(255)
  event_type?: string;

  @ApiPropertyOptional()
  @Optional()
  @IsString()
  @MaxLength(255)
  event_id?: string;

  @ApiPropertyOptional({ description: 'Attempts at or after this time (ISO 8601)' })
  @Optional()
  @IsDateTime()
  from?: string;

  @ApiPropertyOptional({ description: 'Attempts before this time (ISO 8601)' })
  @Optional()
  @IsDateTime()
  to?: string;
}
