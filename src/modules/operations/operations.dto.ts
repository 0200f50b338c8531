import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import { OPERATION_KINDS, OPERATION_STATUSES, type OperationKind, type OperationStatus } from './operation.entity.js';
import { CursorPageQuery } from '../../platform/http/cursor-page.query.js';
import { Optional } from '../../platform/http/validation.js';

export class OperationListQuery extends CursorPageQuery {
  @ApiPropertyOptional({ enum: OPERATION_STATUSES })
  @Optional()
  @IsIn(OPERATION_STATUSES)
  status?: OperationStatus;

  @ApiPropertyOptional({ enum: OPERATION_KINDS })
  @Optional()
  @IsIn(OPERATION_KINDS)
  kind?: OperationKind;
}

export class OperationStarted {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ enum: OPERATION_STATUSES }) status: OperationStatus;
}

export class OperationErrorDto {
  @ApiProperty() code: string;
  @ApiProperty() message: string;
}

export class OperationResource {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ enum: OPERATION_KINDS }) kind: OperationKind;
  @ApiProperty({ enum: OPERATION_STATUSES }) status: OperationStatus;
  @ApiProperty({ minimum: 0, maximum: 100 }) progress: number;
  @ApiProperty({ type: 'string', format: 'date-time', nullable: true }) estimated_completion: string | null;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ type: 'string', format: 'date-time', nullable: true }) started_at: string | null;
  @ApiProperty({ type: 'string', format: 'date-time', nullable: true }) finished_at: string | null;
  @ApiProperty({ type: 'string', nullable: true, description: 'Path of the result once COMPLETED' })
  result_url: string | null;
  @ApiProperty({ type: 'object', additionalProperties: true }) parameters: object;
  @ApiPropertyOptional({ type: 'object', additionalProperties: true, description: 'Summary of the run' })
  result?: object;
  @ApiPropertyOptional({ type: OperationErrorDto, description: 'Present when FAILED' }) error?: OperationErrorDto;
}

const COUNT = { type: 'integer', minimum: 0 } as const;

/** GET /operations/{id}/result: what a completed operation did, by kind. */
class OperationResultBase {
  @ApiProperty({ format: 'uuid' }) operation_id: string;
}

export class RecoveryResult extends OperationResultBase {
  @ApiProperty({ enum: ['recovery'] }) kind: 'recovery';
  @ApiProperty({ ...COUNT, description: 'Attempts selected (with dry_run: that would be)' }) matched: number;
  @ApiProperty(COUNT) redelivered: number;
  @ApiProperty() dry_run: boolean;
}

export class RedriveResult extends OperationResultBase {
  @ApiProperty({ enum: ['redrive'] }) kind: 'redrive';
  @ApiProperty(COUNT) matched: number;
  @ApiProperty(COUNT) redriven: number;
  @ApiProperty({ ...COUNT, description: 'Dead letters that could not be redriven' }) skipped: number;
}

export class ReportResult extends OperationResultBase {
  @ApiProperty({ enum: ['report'] }) kind: 'report';
  @ApiProperty({ ...COUNT, description: 'Subscriptions covered' }) subscriptions: number;
  @ApiProperty({ ...COUNT, description: 'Rows of the report' }) rows: number;
  @ApiProperty({ enum: ['csv', 'json'] }) format: 'csv' | 'json';
}

export class ReencryptionResult extends OperationResultBase {
  @ApiProperty({ enum: ['reencryption'] }) kind: 'reencryption';
  @ApiProperty({ description: 'The key every value is now sealed with' }) key_id: string;
  @ApiProperty({ ...COUNT, description: 'Rows sealed again with that key' }) rows: number;
  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'integer', minimum: 0 },
    description: 'Rows sealed again, by store',
  })
  stores: Record<string, number>;
}

export const OPERATION_RESULTS = [RecoveryResult, RedriveResult, ReportResult, ReencryptionResult];
