import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { EVENT_ID, TYPE } from '../events/envelope.js';
import { METADATA_MAX_ENTRIES, METADATA_VALUE_MAX_LENGTH, RESERVED_METADATA } from './publish-request.js';

/** The event as a client publishes it: ingest's envelope, id and created_at filled in when left out. */
export class PublishEventDto {
  @ApiPropertyOptional({
    minLength: 1,
    maxLength: 255,
    pattern: EVENT_ID.source,
    example: 'evt_2f9c1e',
    description:
      'Unique per event, visible ASCII (a header carries it); the idempotency key of publishing. Generated (evt_…) when left out',
  })
  id?: string;

  @ApiProperty({
    example: 'order.created',
    maxLength: 255,
    pattern: TYPE.source,
    description: 'A dotted type, of the event catalog (unless INGEST_UNKNOWN_TYPES=deliver)',
  })
  type: string;

  @ApiPropertyOptional({ format: 'date-time', description: 'ISO 8601 with a zone; now when left out' })
  created_at?: string;

  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description: "The payload, checked against the type's schema; delivered as the bytes sent",
    example: { order_id: 'o-1', status: 'pending', total: { amount: 1200, currency: 'EUR' } },
  })
  data: Record<string, unknown>;

  @ApiPropertyOptional({
    type: 'object',
    maxProperties: METADATA_MAX_ENTRIES,
    additionalProperties: { type: 'string', maxLength: METADATA_VALUE_MAX_LENGTH },
    ...({ propertyNames: { pattern: '^[A-Za-z0-9._-]{1,64}$', not: { enum: RESERVED_METADATA } } } as object),
    description: 'Record headers of the event, which filters read as event.metadata (not tenant-id or traceparent)',
  })
  metadata?: Record<string, string>;
}

export class PublishedEventDto {
  @ApiProperty({ example: 'evt_2f9c1e' }) id: string;
  @ApiProperty({ format: 'date-time' }) created_at: string;
}

class PublishItemResultDto {
  @ApiProperty() index: number;
  @ApiPropertyOptional() id?: string;
  @ApiProperty({ enum: [202, 409, 422, 503], description: 'The status the item would have had alone' })
  status: number;
  @ApiPropertyOptional({ type: PublishedEventDto }) event?: PublishedEventDto;
  @ApiPropertyOptional({ description: 'A repeat of an event already published: nothing was produced' })
  replayed?: boolean;
  @ApiPropertyOptional({ description: 'code, message, details as in the error body' }) error?: object;
}

export class PublishBatchResponse {
  @ApiProperty({ type: [PublishItemResultDto] }) data: PublishItemResultDto[];
}
