import { Pagination } from '../../platform/http/pagination.js';
import { ApiProperty } from '@nestjs/swagger';
import { OUTCOMES } from './delivery-log.dto.js';

/** What the delivery log answers, field for field as toView and the request reconstruction write it. */

const TRIGGERS = ['initial', 'retry', 'manual', 'test'];

export class AttemptResource {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid' }) subscription_id: string;
  @ApiProperty({ description: "The event's id; the same on every attempt" }) event_id: string;
  @ApiProperty() event_type: string;
  @ApiProperty({ type: 'integer', minimum: 1, description: '1 for the first attempt' }) attempt: number;
  @ApiProperty({ enum: TRIGGERS }) trigger: string;
  @ApiProperty({ enum: OUTCOMES }) outcome: string;
  @ApiProperty({ type: 'integer', nullable: true, description: "The endpoint's HTTP status, if it answered" })
  status_code: number | null;
  @ApiProperty({ type: 'integer', minimum: 0 }) response_time_ms: number;
  @ApiProperty({ format: 'date-time' }) requested_at: string;
  @ApiProperty({ type: 'string', format: 'date-time', nullable: true, description: 'When the next retry is due' })
  next_attempt_at: string | null;
  @ApiProperty({ type: 'string', nullable: true }) error: string | null;
  @ApiProperty({ type: 'string', nullable: true, description: 'The W3C trace id of the delivery' })
  trace_id: string | null;
}

export class AttemptPage {
  @ApiProperty({ type: [AttemptResource] }) data: AttemptResource[];
  @ApiProperty() pagination: Pagination;
}

export class ReconstructedRequestDto {
  @ApiProperty({ enum: ['POST'] }) method: 'POST';
  @ApiProperty({ type: 'string', nullable: true, description: "The subscription's URL (null once it is deleted)" })
  url: string | null;
  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'string' },
    description: 'The headers every delivery carries; signature values masked',
  })
  headers: Record<string, string>;
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    nullable: true,
    description: 'The event as stored at ingest; null past its retention',
  })
  body: object | null;
  @ApiProperty({ enum: [true] }) reconstructed: true;
  @ApiProperty() note: string;
}

export class AttemptDetail extends AttemptResource {
  @ApiProperty({ type: 'string', nullable: true, description: 'The start of what the endpoint answered' })
  response_body: string | null;
  @ApiProperty({ type: 'object', additionalProperties: { type: 'string' }, nullable: true })
  response_headers: Record<string, string> | null;
  @ApiProperty({ type: ReconstructedRequestDto, description: 'The request, rebuilt from the event store' })
  request: ReconstructedRequestDto;
}
