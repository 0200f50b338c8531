import { Pagination } from '../../platform/http/pagination.js';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsString, MaxLength } from 'class-validator';
import { CursorPageQuery } from '../../platform/http/cursor-page.query.js';
import type { EventTypeRecord, EventTypeVersion } from './event-types.repository.js';
import { Optional } from '../../platform/http/validation.js';

const SOURCES = ['builtin', 'api', 'registry'] as const;
const queryBool = ({ value }: { value: unknown }) => (value === 'true' ? true : value === 'false' ? false : value);

export class EventTypeListQuery extends CursorPageQuery {
  @ApiPropertyOptional({ description: 'Only types whose name starts with this, e.g. `invoice.`' })
  @Optional()
  @IsString()
  @MaxLength(200)
  prefix?: string;

  @ApiPropertyOptional({ enum: SOURCES })
  @Optional()
  @IsIn(SOURCES)
  source?: (typeof SOURCES)[number];

  @ApiPropertyOptional({ type: Boolean, default: false })
  @Optional()
  @Transform(queryBool)
  @IsBoolean()
  include_archived?: boolean;
}

export class CreateEventTypeDto {
  @ApiProperty({ example: 'invoice.paid', description: 'Dotted lower-case `<resource>.<action>`' }) type: string;
  @ApiProperty({ example: 'An invoice was paid.', maxLength: 1000 }) description: string;
  @ApiProperty({ type: 'object', additionalProperties: true, description: 'JSON Schema (2020-12) of `data`' })
  schema: Record<string, unknown>;
  @ApiPropertyOptional({ type: 'array', items: { type: 'object' }, description: 'Example `data`, each checked' })
  examples?: unknown[];
}

export class PatchEventTypeDto {
  @ApiPropertyOptional() description?: string;
  @ApiPropertyOptional({ type: 'object', additionalProperties: true, description: 'A new schema: a new version' })
  schema?: Record<string, unknown>;
  @ApiPropertyOptional({ type: 'array', items: { type: 'object' } }) examples?: unknown[];
}

export class EventTypeResource {
  @ApiProperty({ example: 'invoice.paid' }) type: string;
  @ApiProperty() description: string;
  @ApiProperty({ enum: SOURCES }) source: string;
  @ApiProperty({ enum: ['json-schema', 'avro'] }) schema_format: string;
  @ApiProperty({ type: 'object', additionalProperties: true, description: 'Schema of the event data' })
  schema: Record<string, unknown>;
  @ApiProperty({ type: 'array', items: { type: 'object' } }) examples: unknown[];
  @ApiProperty({ description: 'Schema version; a schema change adds one' }) version: number;
  @ApiProperty() archived: boolean;
  @ApiProperty({ type: 'string', nullable: true }) archived_at: string | null;
  @ApiProperty({ type: 'string', nullable: true, description: 'Registry subject (source registry)' })
  registry_subject: string | null;
  @ApiProperty({ type: 'integer', nullable: true }) registry_version: number | null;
  @ApiProperty() created_at: string;
  @ApiProperty() updated_at: string;
}

export class EventTypeVersionResource {
  @ApiProperty() version: number;
  @ApiProperty({ enum: ['json-schema', 'avro'] }) schema_format: string;
  @ApiProperty({ type: 'object', additionalProperties: true }) schema: Record<string, unknown>;
  @ApiProperty({ type: 'integer', nullable: true }) registry_version: number | null;
  @ApiProperty() created_at: string;
}

export class EventTypePage {
  @ApiProperty({ type: [EventTypeResource] }) data: EventTypeResource[];
  @ApiProperty() pagination: Pagination;
}

export class EventTypeVersionPage {
  @ApiProperty({ type: [EventTypeVersionResource] }) data: EventTypeVersionResource[];
  @ApiProperty() pagination: Pagination;
}

export const toResource = (r: EventTypeRecord): EventTypeResource => ({
  type: r.type,
  description: r.description,
  source: r.source,
  schema_format: r.schemaFormat,
  schema: r.schema,
  examples: r.examples,
  version: r.version,
  archived: r.archivedAt !== null,
  archived_at: r.archivedAt?.toISOString() ?? null,
  registry_subject: r.registrySubject,
  registry_version: r.registryVersion,
  created_at: r.createdAt.toISOString(),
  updated_at: r.updatedAt.toISOString(),
});

export const toVersionResource = (v: EventTypeVersion): EventTypeVersionResource => ({
  version: v.version,
  schema_format: v.schemaFormat,
  schema: v.schema,
  registry_version: v.registryVersion,
  created_at: v.createdAt.toISOString(),
});
