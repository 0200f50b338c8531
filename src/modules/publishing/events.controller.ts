import { IDEMPOTENCY_DOC } from '../idempotency/idempotency-header.doc.js';
import { Body, Controller, HttpCode, Post, Req, Res, UseInterceptors, UsePipes } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBody,
  ApiHeader,
  ApiOkResponse,
  ApiOperation,
  ApiResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { ServerResponse } from 'node:http';
import { AppConfig } from '../../platform/config/app-config.js';
import { AppError } from '../../platform/errors/app-error.js';
import { ApiErrors, ErrorBodyDto } from '../../platform/http/error-body.dto.js';
import type { RequestWithBody } from '../../platform/http/json-body.js';
import { apiValidationPipe } from '../../platform/http/validation.js';
import { RequireScope, TenantId } from '../auth/api-key.guard.js';
import { IdempotencyInterceptor, REPLAY_HEADER } from '../idempotency/idempotency.interceptor.js';
import { PublishBatchResponse, PublishedEventDto, PublishEventDto } from './publish.dto.js';
import { publishItems } from './publish-request.js';
import { PublishService, type ItemResult, type PublishedEvent } from './publish.service.js';

const UNAVAILABLE_DOC = {
  status: 503,
  type: ErrorBodyDto,
  description: 'PUBLISH_UNAVAILABLE, with Retry-After: not acknowledged, publish it again (same id)',
};

/** Publishing over HTTP: the same events as on Kafka, for a tenant's key with the events:publish scope. */
@ApiTags('events')
@Controller({ path: 'events', version: '1' })
@UsePipes(apiValidationPipe)
@UseInterceptors(IdempotencyInterceptor)
export class EventsController {
  constructor(
    private readonly publisher: PublishService,
    private readonly config: AppConfig,
  ) {}

  @Post()
  @RequireScope('events:publish')
  @HttpCode(202)
  @ApiOperation({
    summary: 'Publish one event: checked like Kafka ingest, acknowledged by the broker (acks=all) before the 202',
  })
  @ApiBody({ type: PublishEventDto })
  @ApiAcceptedResponse({ type: PublishedEventDto, description: 'In the ingest log; Location names its deliveries' })
  @ApiResponse(UNAVAILABLE_DOC)
  @ApiErrors(400, 401, 403, 406, 409, 413, 415, 422, 429)
  async publish(
    @TenantId() tenantId: string,
    @Body() body: unknown,
    @Req() req: RequestWithBody,
    @Res({ passthrough: true }) res: ServerResponse,
  ): Promise<PublishedEvent> {
    const [result] = await this.publisher.publish(tenantId, publishItems(req.rawBody ?? '', body, false), false);
    if (result.error) throw result.error;
    res.setHeader('Location', `/v1/events/${encodeURIComponent(result.event!.id)}/deliveries`);
    if (result.replayed) res.setHeader(REPLAY_HEADER, 'true');
    return result.event!;
  }

  @Post('batch')
  @RequireScope('events:publish')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Publish up to BATCH_MAX_ITEMS events in one acknowledged send; 422 for the whole batch when any event is refused',
  })
  @ApiBody({ type: [PublishEventDto] })
  @ApiOkResponse({ type: PublishBatchResponse })
  @ApiResponse(UNAVAILABLE_DOC)
  @ApiErrors(400, 401, 403, 406, 413, 415, 422, 429)
  @ApiHeader(IDEMPOTENCY_DOC)
  async publishBatch(
    @TenantId() tenantId: string,
    @Body() body: unknown,
    @Req() req: RequestWithBody,
  ): Promise<PublishBatchResponse> {
    const max = this.config.api.batchMaxItems;
    if (!Array.isArray(body) || body.length === 0)
      throw AppError.validation([
        { field: 'body', code: 'INVALID_TYPE', message: 'The body must be a non-empty array of events.' },
      ]);
    if (body.length > max)
      throw new AppError(
        'BATCH_TOO_LARGE',
        `A batch holds at most ${max} events (BATCH_MAX_ITEMS); this one has ${body.length}.`,
      );
    const results = await this.publisher.publish(tenantId, publishItems(req.rawBody ?? '', body, true), true);
    // Nothing acknowledged: the whole request is unavailable, as a single event would be.
    const unavailable = results.find((r) => r.status === 503);
    if (unavailable && results.every((r) => r.status >= 409)) throw unavailable.error;
    return { data: results.map(itemView) };
  }
}

function itemView(r: ItemResult) {
  const error = r.error && {
    code: r.error.code,
    message: r.error.message,
    ...(r.error.details.length ? { details: r.error.details } : {}),
  };
  return {
    index: r.index,
    ...(r.id !== undefined ? { id: r.id } : {}),
    status: r.status,
    ...(r.event ? { event: r.event } : {}),
    ...(r.replayed ? { replayed: true } : {}),
    ...(error ? { error } : {}),
  };
}
