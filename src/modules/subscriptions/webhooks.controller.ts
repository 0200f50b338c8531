import { mapPage, Pagination } from '../../platform/http/pagination.js';
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
  ApiProperty,
  ApiTags,
} from '@nestjs/swagger';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { AppError } from '../../platform/errors/app-error.js';
import { ApiErrors } from '../../platform/http/error-body.dto.js';
import { mediaTypeOf } from '../../platform/http/media-type.js';
import { apiValidationPipe } from '../../platform/http/validation.js';
import { RequireScope, TenantId } from '../auth/api-key.guard.js';
import { EventCatalog } from '../event-types/event-catalog.js';
import { IDEMPOTENCY_DOC } from '../idempotency/idempotency-header.doc.js';
import { IdempotencyInterceptor } from '../idempotency/idempotency.interceptor.js';
import { ListQueryDto, ReadQueryDto } from './list-query.dto.js';
import { CreateSubscriptionDto, SubscriptionResource } from './subscription.dto.js';
import { SubscriptionChangesService } from './subscription-changes.service.js';
import { SubscriptionIdPipe } from './subscription-id.pipe.js';
import { etagOf, parseViewOptions, shape, toResource } from './subscription-view.js';
import { SubscriptionsService } from './subscriptions.service.js';

/** A JSON Pointer (RFC 6901): '' or '/'-separated tokens, `~` escaped as ~0 and ~1. */
const JSON_POINTER = { type: 'string', pattern: '^(/([^~/]|~[01])*)*$' };

/**
 * RFC 6902, per operation: add, replace and test carry a value, move and copy a from (the server's
 * checkPatchShape checks the same). Whether each operation applies (its path exists, a test holds)
 * depends on the subscription as it is.
 */
const JSON_PATCH_SCHEMA = {
  type: 'array',
  description:
    'JSON Patch (RFC 6902). An operation that does not apply to the subscription as it is (a missing ' +
    'path, a failed test, the root replaced by a non-object) is 422 PATCH_NOT_APPLICABLE; a result ' +
    'that is not a valid subscription is 422 with the fields at fault',
  items: {
    type: 'object',
    required: ['op', 'path'],
    properties: {
      op: { enum: ['add', 'remove', 'replace', 'move', 'copy', 'test'] },
      path: JSON_POINTER,
      from: JSON_POINTER,
      value: {},
    },
    // RFC 6902 section 4: members an operation does not define are ignored.
    additionalProperties: true,
    oneOf: [
      { properties: { op: { enum: ['add', 'replace', 'test'] } }, required: ['value'] },
      { properties: { op: { enum: ['remove'] } } },
      { properties: { op: { enum: ['move', 'copy'] } }, required: ['from'] },
    ],
  },
};

class SubscriptionPage {
  @ApiProperty({ type: [SubscriptionResource] }) data: Partial<SubscriptionResource>[];
  @ApiProperty() pagination: Pagination;
}

const IF_MATCH_DOC = {
  name: 'If-Match',
  required: false,
  description: 'ETag of the version this change is based on; 412 when stale',
};

@ApiTags('webhooks')
@Controller({ path: 'webhooks', version: '1' })
@UsePipes(apiValidationPipe)
@UseInterceptors(IdempotencyInterceptor)
export class WebhooksController {
  constructor(
    private readonly subscriptions: SubscriptionsService,
    private readonly changes: SubscriptionChangesService,
    private readonly catalog: EventCatalog,
  ) {}

  @Post()
  @RequireScope('write')
  @ApiOperation({ summary: 'Register a subscription; the URL must answer a signed url_verification challenge first' })
  @ApiBody({ type: CreateSubscriptionDto })
  @ApiHeader(IDEMPOTENCY_DOC)
  @ApiCreatedResponse({ type: SubscriptionResource, description: 'Created; Location names it' })
  @ApiErrors(400, 401, 403, 406, 409, 413, 415, 422, 429)
  async create(@TenantId() tenantId: string, @Body() body: unknown, @Res({ passthrough: true }) res: ServerResponse) {
    const { subscription, generatedSecret } = await this.subscriptions.create(tenantId, body);
    res.setHeader('Location', `/v1/webhooks/${subscription.id}`);
    res.setHeader('ETag', etagOf(subscription));
    return { ...toResource(subscription), ...(generatedSecret ? { secret: generatedSecret } : {}) };
  }

  @Get()
  @RequireScope('read')
  @ApiOperation({ summary: 'List subscriptions: cursor (after) or offset pagination, filters, sort, fields, expand' })
  @ApiOkResponse({ type: SubscriptionPage })
  @ApiErrors(401, 403, 406, 422, 429)
  async list(@TenantId() tenantId: string, @Query() query: ListQueryDto): Promise<SubscriptionPage> {
    const view = parseViewOptions(query.fields, query.expand);
    const page = await this.subscriptions.list(tenantId, query);
    return mapPage(page, (s) => shape(toResource(s), view, this.catalog));
  }

  @Get(':id')
  @RequireScope('read')
  @ApiOperation({ summary: 'Read a subscription (ETag header = its version)' })
  @ApiOkResponse({ type: SubscriptionResource })
  @ApiErrors(401, 403, 404, 406, 422, 429)
  async get(
    @TenantId() tenantId: string,
    @Param('id', SubscriptionIdPipe) id: string,
    @Query() query: ReadQueryDto,
    @Res({ passthrough: true }) res: ServerResponse,
  ) {
    const view = parseViewOptions(query.fields, query.expand);
    const subscription = await this.subscriptions.get(tenantId, id);
    res.setHeader('ETag', etagOf(subscription));
    return shape(toResource(subscription), view, this.catalog);
  }

  @Patch(':id')
  @RequireScope('write')
  @ApiOperation({ summary: 'Change url, events, description, metadata or alert_url; a new url is verified again' })
  @ApiConsumes('application/merge-patch+json', 'application/json-patch+json')
  @ApiBody({
    schema: {
      oneOf: [
        {
          type: 'object',
          description: 'JSON Merge Patch (RFC 7396) of the mutable fields (null removes an optional one)',
          // Derived from the creation body's rules when the document is built (openapi-contract.ts); the
          // secret and its scheme change by rotation only.
          ...({ 'x-merge-patch-of': 'CreateSubscriptionDto', 'x-immutable': ['secret', 'signature_scheme'] } as object),
        },
        JSON_PATCH_SCHEMA,
      ],
    },
  })
  @ApiHeader(IF_MATCH_DOC)
  @ApiOkResponse({ type: SubscriptionResource })
  @ApiErrors(400, 401, 403, 404, 406, 409, 412, 413, 415, 422, 429)
  async patch(
    @TenantId() tenantId: string,
    @Param('id', SubscriptionIdPipe) id: string,
    @Body() body: unknown,
    @Req() req: IncomingMessage,
    @Headers('if-match') ifMatch: string | undefined,
    @Res({ passthrough: true }) res: ServerResponse,
  ) {
    const type = mediaTypeOf(req);
    const format =
      type === 'application/merge-patch+json' ? 'merge' : type === 'application/json-patch+json' ? 'json' : undefined;
    if (!format) {
      throw new AppError(
        'UNSUPPORTED_MEDIA_TYPE',
        'PATCH takes application/merge-patch+json or application/json-patch+json.',
      );
    }
    const subscription = await this.changes.patch(tenantId, id, format, body, ifMatch);
    res.setHeader('ETag', etagOf(subscription));
    return toResource(subscription);
  }

  @Delete(':id')
  @RequireScope('write')
  @HttpCode(204)
  @ApiOperation({ summary: 'Delete a subscription; deliveries to it stop' })
  @ApiHeader(IF_MATCH_DOC)
  @ApiNoContentResponse()
  @ApiErrors(401, 403, 404, 406, 412, 429)
  async remove(
    @TenantId() tenantId: string,
    @Param('id', SubscriptionIdPipe) id: string,
    @Headers('if-match') ifMatch: string | undefined,
  ): Promise<void> {
    await this.subscriptions.remove(tenantId, id, ifMatch);
  }
}
