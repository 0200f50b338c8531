import { ApiPropertyOptional, ApiProperty } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsISO8601, IsOptional } from 'class-validator';

export class CreateRecoveryDto {
  @ApiProperty({ format: 'date-time', description: 'Start of the window (events received from then on)' })
  @IsISO8601({ strict: true, strictSeparator: true })
  since: string;

  @ApiPropertyOptional({ format: 'date-time', description: 'End of the window, exclusive; default and at most now' })
  @IsOptional()
  @IsISO8601({ strict: true, strictSeparator: true })
  until?: string;

  @ApiPropertyOptional({
    enum: ['failed', 'all'],
    default: 'failed',
    description: 'failed: events whose latest attempt failed; all: every event of the window',
  })
  @IsOptional()
  @IsIn(['failed', 'all'])
  status?: 'failed' | 'all';

  @ApiPropertyOptional({ default: false, description: 'Only count the events; deliver nothing' })
  @IsOptional()
  @IsBoolean()
  dry_run?: boolean;
}
