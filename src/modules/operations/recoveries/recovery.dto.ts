import { ApiPropertyOptional, ApiProperty } from '@nestjs/swagger';
import { IsBoolean, IsIn } from 'class-validator';
import { IsDateTime, Optional } from '../../../platform/http/validation.js';

export class CreateRecoveryDto {
  @ApiProperty({
    format: 'date-time',
    description:
      'Start of the window (events received from then on). An earlier start than what retention keeps ' +
      '(EVENT_RETENTION_DAYS; for `failed` also ATTEMPT_RETENTION_DAYS) starts at the oldest kept; ' +
      "one at or after `until` selects nothing. The operation's parameters show the window used.",
  })
  @IsDateTime()
  since: string;

  @ApiPropertyOptional({ format: 'date-time', description: 'End of the window, exclusive; default and at most now' })
  @Optional()
  @IsDateTime()
  until?: string;

  @ApiPropertyOptional({
    enum: ['failed', 'all'],
    default: 'failed',
    description: 'failed: events whose latest attempt failed; all: every event of the window',
  })
  @Optional()
  @IsIn(['failed', 'all'])
  status?: 'failed' | 'all';

  @ApiPropertyOptional({ default: false, description: 'Only count the events; deliver nothing' })
  @Optional()
  @IsBoolean()
  dry_run?: boolean;
}
