import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsISO8601, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { CursorPageQuery, queryInt } from '../../platform/http/cursor-page.query.js';

export const OUTCOMES = ['success', 'http_error', 'timeout', 'connect_error', 'tls_error', 'dns_error', 'blocked'];

/** Query of the delivery logs: cursor pagination (after, limit) and filters. */
export class DeliveryLogQuery extends CursorPageQuery {
  @ApiPropertyOptional({ enum: OUTCOMES })
  @IsOptional()
  @IsIn(OUTCOMES)
  outcome?: string;

  @ApiPropertyOptional({ minimum: 100, maximum: 599 })
  @IsOptional()
  @Transform(queryInt)
  @IsInt()
  @Min(100)
  @Max(599)
  status_code?: number;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(255)
  event_type?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(255)
  event_id?: string;

  @ApiPropertyOptional({ description: 'Attempts at or after this time (ISO 8601)' })
  @IsOptional()
  @IsISO8601({ strict: true })
  from?: string;

  @ApiPropertyOptional({ description: 'Attempts before this time (ISO 8601)' })
  @IsOptional()
  @IsISO8601({ strict: true })
  to?: string;
}
