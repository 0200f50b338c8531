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
