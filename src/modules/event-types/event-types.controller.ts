import {
  Body,
  Controller,
  Delete,
  Get,
  Headers,
  HttpCode,
  Param,
  Patch,
  Post,
  Query,
  Req,
  Res,
  UseInterceptors,
  UsePipes,
} from '@nestjs/common';
import {
  ApiBody,
  ApiConsumes,
  ApiCreatedResponse,
  ApiHeader,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { AppError } from '../../platform/errors/app-error.js';
import { ApiErrors } from '../../platform/http/error-body.dto.js';
import { mediaTypeOf } from '../../platform/http/media-type.js';
import { CursorPageQuery } from '../../platform/http/cursor-page.query.js';
import { mapPage } from '../../platform/http/pagination.js';
import { apiValidationPipe } from '../../platform/http/validation.js';
import { RequireScope } from '../auth/api-key.guard.js';
import { IdempotencyInterceptor } from '../idempotency/idempotency.interceptor.js';
import {
  CreateEventTypeDto,
  EventTypeListQuery,
  EventTypePage,
  EventTypeResource,
  EventTypeVersionPage,
  PatchEventTypeDto,
  toResource,
  toVersionResource,
} from './event-type.dto.js';
import { etagOf, EventTypesService } from './event-types.service.js';
import { IDEMPOTENCY_DOC } from '../idempotency/idempotency-header.doc.js';

const IF_MATCH_DOC = { name: 'If-Match', required: false, description: 'ETag this change is based on; 412 when stale' };
const DEFAULT_LIMIT = 20;

/** The event catalog: everyone reads it; operator keys define, change and archive types. */
@ApiTags('event-types')
@Controller({ path: 'event-types', version: '1' })
@UsePipes(apiValidationPipe)
@UseInterceptors(IdempotencyInterceptor)
export class EventTypesController {
  constructor(private readonly types: EventTypesService) {}

  @Get()
  @RequireScope('read')
  @ApiOperation({ summary: 'The event catalog, by name; filters prefix, source, include_archived' })
  @ApiOkResponse({ type: EventTypePage })
  @ApiErrors(401, 403, 406, 422, 429)
  async list(@Query() query: EventTypeListQuery): Promise<EventTypePage> {
    const page = await this.types.list({
      prefix: query.prefix,
      source: query.source,
      includeArchived: query.include_archived ?? false,
      after: query.after,
      limit: query.limit ?? DEFAULT_LIMIT,
    });
    return mapPage(page, toResource);
  }

  @Post()
  @RequireScope('operator')
  @ApiOperation({ summary: 'Define an event type (operator keys only)' })
  @ApiBody({ type: CreateEventTypeDto })
  @ApiHeader(IDEMPOTENCY_DOC)
  @ApiCreatedResponse({ type: EventTypeResource, description: 'Created; Location names it' })
  @ApiErrors(400, 401, 403, 406, 409, 413, 415, 422, 429)
  async create(@Body() body: unknown, @Res({ passthrough: true }) res: ServerResponse): Promise<EventTypeResource> {
    const record = await this.types.create(body);
    res.setHeader('Location', `/v1/event-types/${record.type}`);
    res.setHeader('ETag', etagOf(record));
    return toResource(record);
  }

  @Get(':type')
  @RequireScope('read')
  @ApiOperation({ summary: 'One event type, archived or not (ETag header)' })
  @ApiOkResponse({ type: EventTypeResource })
  @ApiErrors(401, 403, 404, 406, 429)
  async get(@Param('type') type: string, @Res({ passthrough: true }) res: ServerResponse) {
    const record = await this.types.get(type);
    res.setHeader('ETag', etagOf(record));
    return toResource(record);
  }

  @Get(':type/versions')
  @RequireScope('read')
  @ApiOperation({ summary: "The type's schema versions, newest first" })
  @ApiOkResponse({ type: EventTypeVersionPage })
  @ApiErrors(401, 403, 404, 406, 422, 429)
  async versions(@Param('type') type: string, @Query() query: CursorPageQuery): Promise<EventTypeVersionPage> {
    const page = await this.types.versions(type, query.after, query.limit ?? DEFAULT_LIMIT);
    return mapPage(page, toVersionResource);
  }

  @Patch(':type')
  @RequireScope('operator')
  @ApiOperation({
    summary: 'Merge patch of description, schema, examples (operator keys only); a schema change is a new version',
  })
  @ApiConsumes('application/merge-patch+json', 'application/json')
  @ApiBody({ type: PatchEventTypeDto })
  @ApiHeader(IF_MATCH_DOC)
  @ApiOkResponse({ type: EventTypeResource })
  @ApiErrors(400, 401, 403, 404, 406, 409, 412, 413, 415, 422, 429)
  async patch(
    @Param('type') type: string,
    @Body() body: unknown,
    @Req() req: IncomingMessage,
    @Headers('if-match') ifMatch: string | undefined,
    @Res({ passthrough: true }) res: ServerResponse,
  ) {
    const media = mediaTypeOf(req);
    if (media !== 'application/merge-patch+json' && media !== 'application/json') {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'PATCH takes application/merge-patch+json.');
    }
    const record = await this.types.patch(type, body, ifMatch);
    res.setHeader('ETag', etagOf(record));
    return toResource(record);
  }

  @Delete(':type')
  @RequireScope('operator')
  @HttpCode(204)
  @ApiOperation({ summary: 'Archive (operator keys only): stays readable, existing subscribers keep receiving' })
  @ApiHeader(IF_MATCH_DOC)
  @ApiNoContentResponse()
  @ApiErrors(401, 403, 404, 406, 409, 412, 429)
  async archive(@Param('type') type: string, @Headers('if-match') ifMatch: string | undefined): Promise<void> {
    await this.types.archive(type, ifMatch);
  }
}
