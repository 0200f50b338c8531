import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsISO8601, IsOptional, IsUUID } from 'class-validator';

export class CreateReportDto {
  @ApiPropertyOptional({ format: 'uuid', description: 'Only this subscription; default every subscription' })
  @IsOptional()
  @IsUUID()
  subscription_id?: string;

  @ApiProperty({ format: 'date-time', description: 'Attempts made from then on' })
  @IsISO8601({ strict: true, strictSeparator: true })
  from: string;

  @ApiProperty({ format: 'date-time', description: 'Attempts made before then' })
  @IsISO8601({ strict: true, strictSeparator: true })
  to: string;

  @ApiPropertyOptional({ enum: ['csv', 'json'], default: 'json', description: 'Format of GET /v1/reports/{id}' })
  @IsOptional()
  @IsIn(['csv', 'json'])
  format?: 'csv' | 'json';
}
