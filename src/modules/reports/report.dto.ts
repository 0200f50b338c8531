import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsUUID } from 'class-validator';
import { IsDateTime, Optional } from '../../platform/http/validation.js';

export class CreateReportDto {
  @ApiPropertyOptional({ format: 'uuid', description: 'Only this subscription; default every subscription' })
  @Optional()
  @IsUUID()
  subscription_id?: string;

  @ApiProperty({ format: 'date-time', description: 'Attempts made from then on; at or after `to`: an empty report' })
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

const COUNT = { type: 'integer', minimum: 0 } as const;
const MS = { type: 'number', minimum: 0 } as const;

/** One row of a report: a subscription and one event type, or `*` for all its types. */
export class ReportRowDto {
  @ApiProperty({ format: 'uuid' }) subscription_id: string;
  @ApiProperty({ description: 'An event type, or `*`: the subscription over every type' }) event_type: string;
  @ApiProperty(COUNT) attempts: number;
  @ApiProperty(COUNT) succeeded: number;
  @ApiProperty(COUNT) failed: number;
  @ApiProperty({ type: 'number', minimum: 0, maximum: 1 }) success_ratio: number;
  @ApiProperty(MS) latency_p50_ms: number;
  @ApiProperty(MS) latency_p95_ms: number;
  @ApiProperty(MS) latency_p99_ms: number;
  @ApiProperty({ format: 'date-time' }) first_attempt_at: string;
  @ApiProperty({ format: 'date-time' }) last_attempt_at: string;
}

/** GET /reports/{id} of a `json` report (a `csv` one has the same columns). */
export class ReportDocument {
  @ApiProperty({ format: 'uuid', description: 'The operation that produced it' }) id: string;
  @ApiProperty({ type: 'string', format: 'uuid', nullable: true }) subscription_id: string | null;
  @ApiProperty({ format: 'date-time' }) from: string;
  @ApiProperty({ format: 'date-time' }) to: string;
  @ApiProperty({ format: 'date-time' }) generated_at: string;
  @ApiProperty({ type: [ReportRowDto] }) data: ReportRowDto[];
}
