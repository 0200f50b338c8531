import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  ArrayNotEmpty,
  ArrayUnique,
  IsArray,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
} from 'class-validator';
import { FILTER_MAX_LENGTH } from '../filters/filter-limits.js';
import { MAX_GRACE_SECONDS, SECRET_MAX_LENGTH, SECRET_MIN_LENGTH } from './secrets.js';
import { Optional } from '../../platform/http/validation.js';

/** Postgres text cannot hold U+0000: such a string is refused (422), not a 500 at the insert. */
// eslint-disable-next-line no-control-regex -- U+0000 is exactly what it refuses
export const NO_NUL = /^[^\u0000]*$/;
const noNul = (each = false) => Matches(NO_NUL, { each, message: '$property must not contain U+0000' });

export const URL_MAX_LENGTH = 2048;
export const EVENTS_MAX = 50;
export const DESCRIPTION_MAX_LENGTH = 1000;
export const METADATA_MAX_KEYS = 50;
export const METADATA_KEY_MAX_LENGTH = 64;
export const METADATA_VALUE_MAX_LENGTH = 512;

/** The fields a client may change after creation (PATCH works on exactly these). */
export class SubscriptionFieldsDto {
  @ApiProperty({
    example: 'https://example.com/hooks',
    // The URL policy (url-checks.ts) on top of the validation below; a host must also resolve to a
    // public address and answer the verification challenge, which no schema can say.
    format: 'uri',
    pattern: '^https://[^\\u0000]*$',
    description: 'Absolute https URL with a public host',
  })
  @IsString()
  @MinLength(1)
  @MaxLength(URL_MAX_LENGTH)
  url: string;

  @ApiProperty({
    type: [String],
    example: ['order.created', 'payment.*'],
    minItems: 1,
    maxItems: EVENTS_MAX,
    uniqueItems: true,
    description: 'Event types from the catalog, or wildcards: "<prefix>.*" or "*"',
  })
  @IsArray()
  @ArrayNotEmpty()
  @ArrayMaxSize(EVENTS_MAX)
  @ArrayUnique()
  @IsString({ each: true })
  @MaxLength(100, { each: true })
  @noNul(true)
  events: string[];

  @ApiPropertyOptional({ maxLength: DESCRIPTION_MAX_LENGTH })
  @Optional()
  @IsString()
  @noNul()
  @MaxLength(DESCRIPTION_MAX_LENGTH)
  description?: string;

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: { type: 'string', maxLength: METADATA_VALUE_MAX_LENGTH, pattern: NO_NUL.source },
    maxProperties: METADATA_MAX_KEYS,
    // Checked in subscription-input.ts; the decorator's type lacks the keyword, the document takes it.
    ...({ propertyNames: { minLength: 1, maxLength: METADATA_KEY_MAX_LENGTH, pattern: NO_NUL.source } } as object),
    description: `Up to ${METADATA_MAX_KEYS} string values, keys up to ${METADATA_KEY_MAX_LENGTH} characters`,
  })
  @Optional()
  @IsObject()
  metadata?: Record<string, string>;

  @ApiPropertyOptional({
    type: 'string',
    nullable: true,
    format: 'uri',
    pattern: '^https://[^\\u0000]*$',
    description: 'https URL that receives an operational callback when the subscription turns failing',
  })
  @IsOptional() // null removes it
  @IsString()
  @MaxLength(URL_MAX_LENGTH)
  alert_url?: string | null;

  @ApiPropertyOptional({
    type: 'string',
    nullable: true,
    minLength: 1,
    maxLength: FILTER_MAX_LENGTH,
    pattern: NO_NUL.source,
    example: "event.data.total.amount > 1000 && event.data.status in ['paid', 'refunded']",
    description:
      'A CEL expression over `event` (id, type, created_at, data, metadata): only events for which it is true ' +
      'are delivered. Compiled when written; 422 with the position at fault. null or absent: every event',
  })
  @IsOptional() // null removes it
  @IsString()
  @MinLength(1)
  @MaxLength(FILTER_MAX_LENGTH)
  @noNul()
  filter?: string | null;
}

export class CreateSubscriptionDto extends SubscriptionFieldsDto {
  @ApiPropertyOptional({
    minLength: SECRET_MIN_LENGTH,
    maxLength: SECRET_MAX_LENGTH,
    description: 'Signing secret; generated (whsec_…) and returned once when omitted',
  })
  @Optional()
  @IsString()
  @noNul()
  @MinLength(SECRET_MIN_LENGTH)
  @MaxLength(SECRET_MAX_LENGTH)
  secret?: string;
}

export class SecretRotationDto {
  @ApiPropertyOptional({
    minLength: SECRET_MIN_LENGTH,
    maxLength: SECRET_MAX_LENGTH,
    description: 'Generated when omitted',
  })
  @Optional()
  @IsString()
  @noNul()
  @MinLength(SECRET_MIN_LENGTH)
  @MaxLength(SECRET_MAX_LENGTH)
  secret?: string;

  @ApiPropertyOptional({
    minimum: 0,
    maximum: MAX_GRACE_SECONDS,
    default: 86400,
    description: 'How long the previous secrets stay valid',
  })
  @Optional()
  @IsInt()
  @Min(0)
  @Max(MAX_GRACE_SECONDS)
  grace_period_seconds?: number;
}

export const SUBSCRIPTION_STATUSES = ['active', 'disabled', 'failing'] as const;

export class SubscriptionResource {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() url: string;
  @ApiProperty({ type: [String] }) events: string[];
  @ApiProperty() description: string;
  @ApiProperty({ type: 'object', additionalProperties: { type: 'string' } }) metadata: Record<string, string>;
  @ApiProperty({ type: 'string', nullable: true }) alert_url: string | null;
  @ApiProperty({ type: 'string', nullable: true, description: 'The CEL filter; null: every event' })
  filter: string | null;
  @ApiProperty({ enum: SUBSCRIPTION_STATUSES }) status: string;
  @ApiProperty({ type: 'string', nullable: true }) status_reason: string | null;
  @ApiProperty({ type: 'string', format: 'date-time', nullable: true, description: 'When the status last changed' })
  status_changed_at: string | null;
  @ApiProperty({ description: 'Increments on every change; the ETag' }) version: number;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
  @ApiPropertyOptional({ description: 'Only in the creation response, and only when the service generated it' })
  secret?: string;
  @ApiPropertyOptional({
    description: 'With expand=event_types: the catalog entries the patterns cover',
    type: 'array',
    items: {
      type: 'object',
      required: ['type', 'description'],
      properties: { type: { type: 'string' }, description: { type: 'string' } },
    },
  })
  event_types?: { type: string; description: string }[];
}
