import { ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsString, IsUUID, Matches, MaxLength } from 'class-validator';
import { IsDateTime, Optional } from '../../../platform/http/validation.js';

export class CreateRedriveDto {
  @ApiPropertyOptional({ format: 'uuid', description: 'Only dead letters of this subscription' })
  @Optional()
  @IsUUID()
  subscription_id?: string;

  @ApiPropertyOptional({
    format: 'date-time',
    description: 'Only records parked from then on; at or after `until`: none',
  })
  @Optional()
  @IsDateTime()
  since?: string;

  @ApiPropertyOptional({ format: 'date-time', description: 'Only records parked before then; default and at most now' })
  @Optional()
  @IsDateTime()
  until?: string;

  @ApiPropertyOptional({ description: 'Only records parked for this reason: exhausted, gone, disabled, blocked…' })
  @Optional()
  @IsString()
  @MaxLength(100)
  @Matches(/^[a-z0-9_.-]+$/, { message: 'reason must be a reason code such as exhausted' })
  reason?: string;

  @ApiPropertyOptional({
    type: [String],
    format: 'uuid',
    description: 'Only these dead letters (their `id`s, 1 to 100), as the console redrives one row',
  })
  @Optional()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(100)
  @IsUUID('all', { each: true })
  dead_letter_ids?: string[];
}
