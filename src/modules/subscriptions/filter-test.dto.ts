import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsDefined, IsObject, IsString, MaxLength, MinLength, ValidateNested } from 'class-validator';
import { FILTER_MAX_LENGTH } from '../filters/filter-limits.js';
import { Optional } from '../../platform/http/validation.js';

const TEXT_MAX = 255;

/** An event as a filter sees it; what is left out is filled in (id, created_at now, no metadata). */
export class FilterTestEventDto {
  @ApiPropertyOptional({ maxLength: TEXT_MAX, example: 'evt_123' })
  @Optional()
  @IsString()
  @MaxLength(TEXT_MAX)
  id?: string;

  @ApiProperty({ minLength: 1, maxLength: TEXT_MAX, example: 'order.created' })
  @IsString()
  @MinLength(1)
  @MaxLength(TEXT_MAX)
  type: string;

  @ApiPropertyOptional({ maxLength: 64, example: '2026-01-31T12:00:00Z', description: 'Now when left out' })
  @Optional()
  @IsString()
  @MaxLength(64)
  created_at?: string;

  @ApiProperty({ type: 'object', additionalProperties: true, example: { total: { amount: 1200 } } })
  @IsObject()
  data: Record<string, unknown>;

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: { type: 'string' },
    description: 'The record headers (Kafka) or the publish request metadata, as `event.metadata`',
  })
  @Optional()
  @IsObject()
  metadata?: Record<string, string>;
}

export class FilterTestDto {
  @ApiProperty({ minLength: 1, maxLength: FILTER_MAX_LENGTH, example: 'event.data.total.amount > 1000' })
  @IsString()
  @MinLength(1)
  @MaxLength(FILTER_MAX_LENGTH)
  filter: string;

  @ApiProperty({ type: FilterTestEventDto })
  @IsDefined()
  @ValidateNested()
  @Type(() => FilterTestEventDto)
  event: FilterTestEventDto;
}

export class SubscriptionFilterTestDto {
  @ApiProperty({ type: FilterTestEventDto })
  @IsDefined()
  @ValidateNested()
  @Type(() => FilterTestEventDto)
  event: FilterTestEventDto;

  @ApiPropertyOptional({
    minLength: 1,
    maxLength: FILTER_MAX_LENGTH,
    description: "Tested instead of the subscription's own filter (an edit not saved yet)",
  })
  @Optional()
  @IsString()
  @MinLength(1)
  @MaxLength(FILTER_MAX_LENGTH)
  filter?: string;
}

class FilterPositionDto {
  @ApiProperty({ type: 'integer', minimum: 0 }) offset: number;
  @ApiProperty({ type: 'integer', minimum: 1 }) line: number;
  @ApiProperty({ type: 'integer', minimum: 1 }) column: number;
}

class FilterRunErrorDto {
  @ApiProperty({ example: 'no such key: discount' }) message: string;
  @ApiPropertyOptional({ type: FilterPositionDto }) position?: FilterPositionDto;
}

export class FilterTestResultDto {
  @ApiProperty({ description: 'Whether the event would be delivered' }) matches: boolean;
  @ApiPropertyOptional({
    type: FilterRunErrorDto,
    description: 'The filter failed on this event (a missing field…): such an event is not delivered',
  })
  error?: FilterRunErrorDto;
  @ApiPropertyOptional({ description: "Subscription tests only: whether the type is one of the subscription's" })
  type_matches?: boolean;
}
