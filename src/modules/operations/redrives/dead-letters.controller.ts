import { Controller, Get, Injectable, Query, UsePipes } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsString, IsUUID, Matches, MaxLength } from 'class-validator';
import { DataSource } from 'typeorm';
import { AppError } from '../../../platform/errors/app-error.js';
import { CursorPageQuery } from '../../../platform/http/cursor-page.query.js';
import { ApiErrors } from '../../../platform/http/error-body.dto.js';
import { Optional, apiValidationPipe } from '../../../platform/http/validation.js';
import { RequireScope, TenantId } from '../../auth/api-key.guard.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export class DeadLetterQuery extends CursorPageQuery {
  @ApiPropertyOptional({ format: 'uuid' })
  @Optional()
  @IsUUID()
  subscription_id?: string;

  @ApiPropertyOptional({ description: 'exhausted, gone, disabled, blocked…' })
  @Optional()
  @IsString()
  @MaxLength(100)
  @Matches(/^[a-z0-9_.-]+$/, { message: 'reason must be a reason code such as exhausted' })
  reason?: string;

  @ApiPropertyOptional({ description: 'true: only redriven records; false: only those still parked' })
  @Optional()
  @Transform(({ value }) => (value === 'true' ? true : value === 'false' ? false : value))
  @IsBoolean()
  redriven?: boolean;
}

const NULLABLE_TIME = { type: 'string', format: 'date-time', nullable: true } as const;

export class DeadLetterResource {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ type: 'string', format: 'uuid', nullable: true, description: 'Null for an ingest record' })
  subscription_id: string | null;
  @ApiProperty({ description: 'exhausted, gone, blocked, disabled, undecodable…' }) reason: string;
  @ApiProperty({ description: 'What went wrong, in words (may be empty)' }) detail: string;
  @ApiProperty({ type: 'string', nullable: true }) event_id: string | null;
  @ApiProperty({ type: 'string', nullable: true }) event_type: string | null;
  @ApiProperty({ format: 'date-time', description: 'When it was parked' }) created_at: string;
  @ApiProperty(NULLABLE_TIME) redriven_at: string | null;
  @ApiProperty({ type: 'string', format: 'uuid', nullable: true, description: 'The redrive operation that took it' })
  redriven_by: string | null;
}

class DeadLetterPagination {
  @ApiProperty({ type: 'string', nullable: true, description: 'Pass as `after` for the next page' })
  next_cursor: string | null;
  @ApiProperty() has_more: boolean;
}

export class DeadLetterPage {
  @ApiProperty({ type: [DeadLetterResource] }) data: DeadLetterResource[];
  @ApiProperty() pagination: DeadLetterPagination;
}

interface DeadLetterRow {
  id: string;
  subscription_id: string | null;
  reason: string;
  detail: string;
  event_id: string | null;
  event_type: string | null;
  created_at: Date;
  redriven_at: Date | null;
  redriven_by: string | null;
}

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);
const cursorOf = (r: DeadLetterRow) => Buffer.from(`${iso(r.created_at)}|${r.id}`).toString('base64url');

function decodeCursor(cursor: string): [string, string] {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (!at || Number.isNaN(Date.parse(at)) || !UUID.test(id ?? ''))
    throw AppError.validation([{ field: 'after', code: 'INVALID', message: 'The cursor is not one this API issued.' }]);
  return [at, id];
}

/** The tenant's parked records (indexed from the DLQ), newest first; what a redrive would pick up. */
@Injectable()
export class DeadLettersReader {
  constructor(private readonly db: DataSource) {}

  async page(tenantId: string, q: DeadLetterQuery) {
    const params: unknown[] = [tenantId];
    const where = ['tenant_id = $1'];
    if (q.subscription_id) where.push(`subscription_id = $${params.push(q.subscription_id.toLowerCase())}`);
    if (q.reason) where.push(`reason = $${params.push(q.reason)}`);
    if (q.redriven !== undefined) where.push(q.redriven ? 'redriven_at IS NOT NULL' : 'redriven_at IS NULL');
    if (q.after) {
      const [at, id] = decodeCursor(q.after);
      where.push(`(created_at, id) < ($${params.push(at)}::timestamptz, $${params.push(id)}::uuid)`);
    }
    const limit = q.limit ?? 20;
    const rows = (await this.db.query(
      `SELECT id, subscription_id, reason, detail, created_at, redriven_at, redriven_by,
              payload_json #>> '{event,id}' AS event_id, payload_json #>> '{event,type}' AS event_type
         FROM dead_letters WHERE ${where.join(' AND ')}
        ORDER BY created_at DESC, id DESC LIMIT $${params.push(limit + 1)}`,
      params,
    )) as DeadLetterRow[];
    const data = rows.slice(0, limit);
    const hasMore = rows.length > limit;
    return {
      data: data.map((r) => ({ ...r, created_at: iso(r.created_at), redriven_at: iso(r.redriven_at) })),
      pagination: { next_cursor: hasMore ? cursorOf(data[data.length - 1]) : null, has_more: hasMore },
    };
  }
}

@ApiTags('operations')
@Controller({ path: 'dead-letters', version: '1' })
@RequireScope('read')
@UsePipes(apiValidationPipe)
export class DeadLettersController {
  constructor(private readonly reader: DeadLettersReader) {}

  @Get()
  @ApiOperation({ summary: "The tenant's dead letters, newest first, with the redrive that took each one" })
  @ApiOkResponse({ type: DeadLetterPage })
  @ApiErrors(401, 403, 422, 429)
  list(@TenantId() tenantId: string, @Query() query: DeadLetterQuery) {
    return this.reader.page(tenantId, query);
  }
}
