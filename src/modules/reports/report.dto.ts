import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsUUID } from 'class-validator';
import { IsDateTime, Optional } from '../../platform/http/validation.js';

export class CreateReportDto {
  @ApiPropertyOptional({ format: 'uuid', description: 'Only this subscription; default every subscription' })
  @Optional()
  @IsUUID()
  subscription_id?: string;

  @ApiProperty({ format: 'date-time', description: 'Attempts made from then on' })
  @IsDateTime()
  from: string;

  @ApiProperty({ format: 'date-time', description: 'Attempts made before then' })
  @IsDateTime()
  to: string;

  @ApiPropertyOptional({ enum: ['csv', 'json'], default: 'json', description: 'Format of GET /v1/reports/{id}' })
  @Optional()
  @IsIn(['csv', 'json'])
  format?: 'csv' | 'json';
}
