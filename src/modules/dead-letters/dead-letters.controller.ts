import { Controller, Get, Query, UsePipes } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsString, IsUUID, Matches, MaxLength, MinLength } from 'class-validator';
import { AppError } from '../../platform/errors/app-error.js';
import { CursorPageQuery } from '../../platform/http/cursor-page.query.js';
import { ApiErrors } from '../../platform/http/error-body.dto.js';
import { Optional, apiValidationPipe } from '../../platform/http/validation.js';
import { RequireScope, TenantId } from '../auth/api-key.guard.js';
import { DeadLettersRepository, type DeadLetterPosition, type DeadLetterSummary } from './dead-letters.repository.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export class DeadLetterQuery extends CursorPageQuery {
  @ApiPropertyOptional({ format: 'uuid' })
  @Optional()
  @IsUUID()
  subscription_id?: string;

  @ApiPropertyOptional({ description: 'exhausted, gone, disabled, blocked, invalid_envelope… (docs/errors.md)' })
  @Optional()
  @IsString()
  @MaxLength(100)
  @Matches(/^[a-z0-9_.-]+$/, { message: 'reason must be a reason code such as exhausted' })
  reason?: string;

  @ApiPropertyOptional({
    description: 'Only the dead letters of this event id (ingest refusals included), as the producer wrote it',
    maxLength: 1024,
  })
  @Optional()
  @IsString()
  @MinLength(1)
  @MaxLength(1024)
  // eslint-disable-next-line no-control-regex -- U+0000 is exactly what it refuses
  @Matches(/^[^\u0000]*$/, { message: 'event_id must not contain U+0000' })
  event_id?: string;

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
  @ApiProperty({ description: 'exhausted, gone, blocked, disabled, undecodable… (docs/errors.md)' }) reason: string;
  @ApiProperty({ description: 'What went wrong, in words (may be empty)' }) detail: string;
  @ApiProperty({ type: 'string', nullable: true, description: 'The event id, whenever it could be read' })
  event_id: string | null;
  @ApiProperty({ type: 'string', nullable: true, description: 'The event type, whenever it could be read' })
  event_type: string | null;
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

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);
const cursorOf = (r: DeadLetterSummary) => Buffer.from(`${iso(r.created_at)}|${r.id}`).toString('base64url');

function decodeCursor(cursor: string): DeadLetterPosition {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (!at || Number.isNaN(Date.parse(at)) || !UUID.test(id ?? ''))
    throw AppError.validation([{ field: 'after', code: 'INVALID', message: 'The cursor is not one this API issued.' }]);
  return { createdAt: at, id };
}

@ApiTags('operations')
@Controller({ path: 'dead-letters', version: '1' })
@RequireScope('read')
@UsePipes(apiValidationPipe)
export class DeadLettersController {
  constructor(private readonly deadLetters: DeadLettersRepository) {}

  @Get()
  @ApiOperation({
    summary:
      "The tenant's dead letters, newest first: parked deliveries and alerts (with the redrive that took each one) and refused events",
  })
  @ApiOkResponse({ type: DeadLetterPage })
  @ApiErrors(401, 403, 422, 429)
  async list(@TenantId() tenantId: string, @Query() q: DeadLetterQuery): Promise<DeadLetterPage> {
    const limit = q.limit ?? 20;
    const rows = await this.deadLetters.page(
      tenantId,
      {
        subscriptionId: q.subscription_id?.toLowerCase(),
        reason: q.reason,
        eventId: q.event_id,
        redriven: q.redriven,
        before: q.after ? decodeCursor(q.after) : undefined,
      },
      limit,
    );
    const data = rows.slice(0, limit);
    const hasMore = rows.length > limit;
    return {
      data: data.map((r) => ({ ...r, created_at: iso(r.created_at)!, redriven_at: iso(r.redriven_at) })),
      pagination: { next_cursor: hasMore ? cursorOf(data[data.length - 1]) : null, has_more: hasMore },
    };
  }
}
