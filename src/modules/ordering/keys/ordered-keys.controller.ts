import { Body, Controller, Get, HttpCode, Param, Post, Query, UseInterceptors, UsePipes } from '@nestjs/common';
import { ApiBody, ApiHeader, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../../../platform/http/error-body.dto.js';
import { apiValidationPipe } from '../../../platform/http/validation.js';
import { RequireScope, TenantId } from '../../auth/api-key.guard.js';
import { IdempotencyInterceptor } from '../../idempotency/idempotency.interceptor.js';
import { SubscriptionIdPipe } from '../../subscriptions/subscription-id.pipe.js';
import { IDEMPOTENCY_DOC } from '../../idempotency/idempotency-header.doc.js';
import { OrderedKeyActionDto, OrderedKeyPage, OrderedKeyResource, OrderedKeysQuery } from './ordered-keys.dto.js';
import { OrderedKeysService } from './ordered-keys.service.js';

/**
 * An ordered subscription's keys: GET lists them with their state and head; POST …/redrive and
 * …/skip act on a blocked key's head (the key named in the body: a key may be "" or hold a slash).
 */
@ApiTags('webhooks')
@Controller({ path: 'webhooks', version: '1' })
@UsePipes(apiValidationPipe)
@UseInterceptors(IdempotencyInterceptor)
export class OrderedKeysController {
  constructor(private readonly keys: OrderedKeysService) {}

  @Get(':id/ordered-keys')
  @RequireScope('read')
  @ApiOperation({ summary: "An ordered subscription's keys in key order: state, pending events and head" })
  @ApiOkResponse({ type: OrderedKeyPage })
  @ApiErrors(401, 403, 404, 406, 422, 429)
  list(@TenantId() tenantId: string, @Param('id', SubscriptionIdPipe) id: string, @Query() query: OrderedKeysQuery) {
    return this.keys.list(tenantId, id, query);
  }

  @Post(':id/ordered-keys/redrive')
  @RequireScope('write')
  @HttpCode(200)
  @ApiOperation({ summary: "Send a blocked key's head again now, with a fresh retry schedule" })
  @ApiBody({ type: OrderedKeyActionDto })
  @ApiHeader(IDEMPOTENCY_DOC)
  @ApiOkResponse({ type: OrderedKeyResource, description: 'The key after the redrive' })
  @ApiErrors(400, 401, 403, 404, 406, 409, 413, 415, 422, 429)
  redrive(@TenantId() tenantId: string, @Param('id', SubscriptionIdPipe) id: string, @Body() body: unknown) {
    return this.keys.redrive(tenantId, id, body);
  }

  @Post(':id/ordered-keys/skip')
  @RequireScope('write')
  @HttpCode(200)
  @ApiOperation({ summary: "Give up a blocked key's head: dead-lettered (reason skipped), and the key moves on" })
  @ApiBody({ type: OrderedKeyActionDto })
  @ApiHeader(IDEMPOTENCY_DOC)
  @ApiOkResponse({ type: OrderedKeyResource, description: 'The key after the skip' })
  @ApiErrors(400, 401, 403, 404, 406, 409, 413, 415, 422, 429)
  skip(@TenantId() tenantId: string, @Param('id', SubscriptionIdPipe) id: string, @Body() body: unknown) {
    return this.keys.skip(tenantId, id, body);
  }
}
