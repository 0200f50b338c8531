import { Body, Controller, HttpCode, Post, Res, UseInterceptors, UsePipes } from '@nestjs/common';
import { ApiAcceptedResponse, ApiBody, ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { ServerResponse } from 'node:http';
import { AppError } from '../../../platform/errors/app-error.js';
import { ApiErrors } from '../../../platform/http/error-body.dto.js';
import { apiValidationPipe } from '../../../platform/http/validation.js';
import { RequireScope, TenantId } from '../../auth/api-key.guard.js';
import { IdempotencyInterceptor } from '../../idempotency/idempotency.interceptor.js';
import { IDEMPOTENCY_DOC } from '../../idempotency/idempotency-header.doc.js';
import { optionalBody } from '../optional-body.js';
import { accepted } from '../operation-view.js';
import { OperationStarted } from '../operations.dto.js';
import { OperationsService } from '../operations.service.js';
import { SubscriptionReader } from '../../subscriptions/subscription-reader.js';
import { resolveWindow } from '../time-window.js';
import { CreateRedriveDto } from './redrive.dto.js';
import type { RedriveParameters } from './redrive.handler.js';

@ApiTags('operations')
@Controller({ path: 'dead-letters', version: '1' })
@UsePipes(apiValidationPipe)
@UseInterceptors(IdempotencyInterceptor)
export class RedrivesController {
  constructor(
    private readonly operations: OperationsService,
    private readonly subscriptions: SubscriptionReader,
  ) {}

  @Post('redrives')
  @RequireScope('write')
  @HttpCode(202)
  @ApiOperation({ summary: 'Put parked delivery tasks (DLQ) back on the delivery topic; every filter optional' })
  @ApiBody({ type: CreateRedriveDto, required: false })
  @ApiHeader(IDEMPOTENCY_DOC)
  @ApiAcceptedResponse({ type: OperationStarted, description: 'Location: /v1/operations/{id}' })
  @ApiErrors(400, 401, 403, 404, 406, 413, 415, 422, 429)
  async start(@TenantId() tenantId: string, @Body() body: unknown, @Res({ passthrough: true }) res: ServerResponse) {
    const dto = await optionalBody(CreateRedriveDto, body);
    const subscriptionId = dto.subscription_id?.toLowerCase() ?? null;
    if (subscriptionId && (await this.subscriptions.statusOf(tenantId, subscriptionId)) === null)
      throw AppError.notFound('The webhook subscription');
    const window = resolveWindow(dto.since, dto.until);
    const parameters: RedriveParameters = {
      subscription_id: subscriptionId,
      since: window.start,
      until: window.end,
      reason: dto.reason ?? null,
      dead_letter_ids: dto.dead_letter_ids?.map((id) => id.toLowerCase()) ?? null,
    };
    return accepted(res, await this.operations.start(tenantId, 'redrive', { ...parameters }));
  }
}
