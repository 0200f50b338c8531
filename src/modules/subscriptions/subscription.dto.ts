import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  ArrayNotEmpty,
  ArrayUnique,
  IsArray,
  IsIn,
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
import { MAX_GRACE_SECONDS, MAX_VALID_SECRETS, SECRET_MAX_LENGTH, SECRET_MIN_LENGTH } from './secrets.js';
import { SIGNATURE_SCHEMES, type SignatureScheme } from './subscription.entity.js';
import { Optional } from '../../platform/http/validation.js';
import { SchemaRules } from '../../platform/http/schema-rules.js';
import {
  AUTH_INPUT_SCHEMA,
  AUTH_VIEW_SCHEMA,
  HEADERS_INPUT_SCHEMA,
  HEADERS_VIEW_SCHEMA,
} from './endpoint-settings.schema.js';
import type { AuthView, HeaderView } from './endpoint-settings.js';
import { ORDERING_INPUT_SCHEMA, ORDERING_VIEW_SCHEMA, type OrderingSetting } from './ordering-setting.js';

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

  // Checked in endpoint-settings-input.ts, against the same rules as the schema.
  @ApiPropertyOptional(HEADERS_INPUT_SCHEMA as object)
  @IsOptional()
  @IsObject()
  headers?: Record<string, unknown> | null;

  @ApiPropertyOptional(AUTH_INPUT_SCHEMA as object)
  @IsOptional()
  @IsObject()
  auth?: Record<string, unknown> | null;

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

  // Checked in subscription-input.ts (ordering-setting.ts), against the same rules as the schema.
  @ApiPropertyOptional(ORDERING_INPUT_SCHEMA as object)
  @IsOptional() // null removes it
  @IsObject()
  ordering?: Record<string, unknown> | null;
}

/** An ed25519 private key as a client may give it: `whsk_` + base64 of its 32-byte seed. */
export const PRIVATE_KEY_PATTERN = '^whsk_[A-Za-z0-9+/]{43}=$';

/**
 * A secret fits its scheme: `whsk_…` is an ed25519 key and an HMAC secret is not one. Without
 * signature_scheme, the secret's prefix says which it is (the Standard Webhooks serialisation).
 */
const SECRET_FITS_SCHEME = [
  {
    if: { properties: { signature_scheme: { const: 'ed25519' } }, required: ['signature_scheme'] },
    then: { properties: { secret: { pattern: PRIVATE_KEY_PATTERN } } },
  },
  {
    if: { properties: { signature_scheme: { const: 'hmac-sha256' } }, required: ['signature_scheme'] },
    then: { properties: { secret: { not: { pattern: '^whsk_' } } } },
  },
  {
    if: { properties: { secret: { pattern: '^whsk_' } }, required: ['secret'] },
    then: { properties: { secret: { pattern: PRIVATE_KEY_PATTERN } } },
  },
];

const SCHEME_DOC = {
  enum: SIGNATURE_SCHEMES,
  description:
    'hmac-sha256 (default): Standard Webhooks v1, X-Signature and X-Webhook-Signature. ed25519: Standard ' +
    'Webhooks v1a only; the public key is at GET /v1/webhooks/{id}/signing-key.',
};

@SchemaRules(...SECRET_FITS_SCHEME)
export class CreateSubscriptionDto extends SubscriptionFieldsDto {
  @ApiPropertyOptional({ ...SCHEME_DOC, default: 'hmac-sha256' })
  @Optional()
  @IsIn(SIGNATURE_SCHEMES)
  signature_scheme?: SignatureScheme;

  @ApiPropertyOptional({
    minLength: SECRET_MIN_LENGTH,
    maxLength: SECRET_MAX_LENGTH,
    description:
      'Signing secret; generated (whsec_…) and returned once when omitted. An ed25519 private key is ' +
      'written whsk_<base64 of its 32-byte seed>; omitted, one is generated (never returned). Without ' +
      'signature_scheme, a whsk_ secret makes the subscription ed25519',
  })
  @Optional()
  @IsString()
  @noNul()
  @MinLength(SECRET_MIN_LENGTH)
  @MaxLength(SECRET_MAX_LENGTH)
  secret?: string;
}

@SchemaRules(...SECRET_FITS_SCHEME)
export class SecretRotationDto {
  @ApiPropertyOptional({
    ...SCHEME_DOC,
    description: `The new secret's scheme; default the given secret's (whsk_: ed25519), else the current one. ${SCHEME_DOC.description}`,
  })
  @Optional()
  @IsIn(SIGNATURE_SCHEMES)
  signature_scheme?: SignatureScheme;

  @ApiPropertyOptional({
    minLength: SECRET_MIN_LENGTH,
    maxLength: SECRET_MAX_LENGTH,
    description:
      'Generated when omitted (an ed25519 key: whsk_<base64 of its 32-byte seed>); without signature_scheme ' +
      'a whsk_ secret signs ed25519 and any other HMAC',
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
    description: `How long the previous secrets stay valid; at most ${MAX_VALID_SECRETS} secrets are valid at once`,
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
  @ApiProperty(ORDERING_VIEW_SCHEMA as object)
  ordering: OrderingSetting | null;
  @ApiProperty({ enum: SUBSCRIPTION_STATUSES }) status: string;
  @ApiProperty({ type: 'string', nullable: true }) status_reason: string | null;
  @ApiProperty({ type: 'string', format: 'date-time', nullable: true, description: 'When the status last changed' })
  status_changed_at: string | null;
  @ApiProperty({ enum: SIGNATURE_SCHEMES, description: "How deliveries are signed: the newest secret's scheme" })
  signature_scheme: SignatureScheme;
  @ApiProperty(HEADERS_VIEW_SCHEMA as object) headers: Record<string, HeaderView>;
  @ApiProperty(AUTH_VIEW_SCHEMA as object) auth: AuthView | null;
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
