import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsISO8601, IsOptional, IsString, IsUUID, Matches, MaxLength } from 'class-validator';

export class CreateRedriveDto {
  @ApiPropertyOptional({ format: 'uuid', description: 'Only dead letters of this subscription' })
  @IsOptional()
  @IsUUID()
  subscription_id?: string;

  @ApiPropertyOptional({ format: 'date-time', description: 'Only records parked from then on' })
  @IsOptional()
  @IsISO8601({ strict: true, strictSeparator: true })
  since?: string;

  @ApiPropertyOptional({ format: 'date-time', description: 'Only records parked before then; default and at most now' })
  @IsOptional()
  @IsISO8601({ strict: true, strictSeparator: true })
  until?: string;

  @ApiPropertyOptional({ description: 'Only records parked for this reason: exhausted, gone, disabled, blocked…' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  @Matches(/^[a-z0-9_.-]+$/, { message: 'reason must be a reason code such as exhausted' })
  reason?: string;
}
