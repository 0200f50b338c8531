import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ArrayNotEmpty,
  ArrayUnique,
  IsArray,
  IsIn,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  MinLength,
} from 'class-validator';
import { CursorPageQuery } from '../../platform/http/cursor-page.query.js';
import { IsDateTime, Optional } from '../../platform/http/validation.js';
import type { ApiKeyEntity, Scope } from '../auth/api-key.entity.js';

/** The scopes a key made over the API may hold; operator keys are made with the CLI only. */
export const KEY_SCOPES = ['read', 'write', 'admin', 'events:publish'] as const;
export const TENANT_ID = /^[A-Za-z0-9._-]{1,64}$/;
// eslint-disable-next-line no-control-regex -- U+0000 is exactly what it refuses
const NO_NUL = /^[^\u0000]*$/;
const TENANT_DOC = {
  pattern: TENANT_ID.source,
  description: 'Operator keys only: the tenant; an admin key manages its own',
};

export class CreateApiKeyDto {
  @ApiProperty({ minLength: 1, maxLength: 100, example: 'ci deploys', description: 'A label to recognise the key by' })
  @IsString()
  @MinLength(1)
  @MaxLength(100)
  @Matches(NO_NUL, { message: 'name must not contain U+0000' })
  name: string;

  @ApiProperty({
    type: 'array',
    items: { type: 'string', enum: [...KEY_SCOPES] },
    minItems: 1,
    uniqueItems: true,
    description: 'read: GET; write: changes; admin: every tenant scope and API-key management',
  })
  @IsArray()
  @ArrayNotEmpty()
  @ArrayUnique()
  @IsIn(KEY_SCOPES, { each: true })
  scopes: Scope[];

  @ApiPropertyOptional({
    type: 'string',
    format: 'date-time',
    nullable: true,
    description: 'Refused from then on (401); null or absent: never expires',
  })
  @IsOptional()
  @IsDateTime()
  expires_at?: string | null;

  @ApiPropertyOptional(TENANT_DOC)
  @Optional()
  @IsString()
  @Matches(TENANT_ID, { message: 'tenant_id must be 1-64 letters, digits, ".", "_" or "-"' })
  tenant_id?: string;
}

export class ApiKeyListQuery extends CursorPageQuery {
  @ApiPropertyOptional({ ...TENANT_DOC, description: 'Operator keys only: one tenant (default every tenant)' })
  @Optional()
  @IsString()
  @Matches(TENANT_ID, { message: 'tenant_id must be 1-64 letters, digits, ".", "_" or "-"' })
  tenant_id?: string;
}

export const KEY_STATES = ['active', 'expired', 'revoked'] as const;

export class ApiKeyResource {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() name: string;
  @ApiProperty({ example: 'hk_3xYz9Qa', description: 'The first characters of the key, to tell keys apart' })
  prefix: string;
  @ApiProperty({ type: 'array', items: { type: 'string', enum: [...KEY_SCOPES, 'operator'] } }) scopes: Scope[];
  @ApiProperty() tenant_id: string;
  @ApiProperty({ enum: KEY_STATES }) status: (typeof KEY_STATES)[number];
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ type: 'string', format: 'date-time', nullable: true }) expires_at: string | null;
  @ApiProperty({
    type: 'string',
    format: 'date-time',
    nullable: true,
    description: 'When the key was last used, to the minute (written at most once a minute)',
  })
  last_used_at: string | null;
  @ApiProperty({ type: 'string', format: 'date-time', nullable: true }) revoked_at: string | null;
}

export class CreatedApiKey extends ApiKeyResource {
  @ApiProperty({ description: 'The key itself: shown in this answer only, stored as its hash' }) key: string;
}

class Pagination {
  @ApiProperty({ type: 'string', nullable: true, description: 'Pass as `after` for the next page' })
  next_cursor: string | null;
  @ApiProperty() has_more: boolean;
}

export class ApiKeyPage {
  @ApiProperty({ type: [ApiKeyResource] }) data: ApiKeyResource[];
  @ApiProperty() pagination: Pagination;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toApiKeyResource(key: ApiKeyEntity, now = Date.now()): ApiKeyResource {
  const status = key.revokedAt ? 'revoked' : key.expiresAt && key.expiresAt.getTime() <= now ? 'expired' : 'active';
  return {
    id: key.id,
    name: key.name,
    prefix: key.keyPrefix,
    scopes: key.scopes,
    tenant_id: key.tenantId,
    status,
    created_at: key.createdAt.toISOString(),
    expires_at: iso(key.expiresAt),
    last_used_at: iso(key.lastUsedAt),
    revoked_at: iso(key.revokedAt),
  };
}
