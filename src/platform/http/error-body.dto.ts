import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional, ApiResponse } from '@nestjs/swagger';

class TextPositionDto {
  @ApiProperty({ type: 'integer', minimum: 0, description: 'Characters before the fault' }) offset: number;
  @ApiProperty({ type: 'integer', minimum: 1 }) line: number;
  @ApiProperty({ type: 'integer', minimum: 1 }) column: number;
}

export class FieldErrorDto {
  @ApiProperty({ example: 'url' }) field: string;
  @ApiProperty({ example: 'NOT_HTTPS' }) code: string;
  @ApiProperty() message: string;
  @ApiPropertyOptional({ type: TextPositionDto, description: "Where in the field's text (a filter's fault)" })
  position?: TextPositionDto;
}

export class ErrorDto {
  @ApiProperty({ example: 'VALIDATION_ERROR', description: 'Stable machine-readable code' }) code: string;
  @ApiProperty() message: string;
  @ApiPropertyOptional({ type: [FieldErrorDto], description: 'Every field-level failure at once' })
  details?: FieldErrorDto[];
  @ApiProperty({ example: 'req_3f1c…' }) request_id: string;
  @ApiProperty({ format: 'uri' }) documentation_url: string;
}

export class ErrorBodyDto {
  @ApiProperty() error: ErrorDto;
}

const DESCRIPTIONS: Record<number, string> = {
  400: 'INVALID_FORMAT: malformed JSON',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN: missing scope',
  404: 'NOT_FOUND',
  406: 'NOT_ACCEPTABLE: Accept does not admit application/json',
  409: 'CONFLICT',
  412: 'PRECONDITION_FAILED: If-Match does not match the current ETag',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'VALIDATION_ERROR and other semantic errors, with details',
  429: 'RATE_LIMITED, with Retry-After',
  500: 'INTERNAL',
};

/** Documents the error responses of an operation, all with the same error body. */
export const ApiErrors = (...statuses: number[]) =>
  applyDecorators(
    ...statuses.map((status) => ApiResponse({ status, description: DESCRIPTIONS[status], type: ErrorBodyDto })),
  );
