import { Body, Controller, HttpCode, Param, Post, Res, UseInterceptors, UsePipes } from '@nestjs/common';
import { ApiAcceptedResponse, ApiBody, ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { ServerResponse } from 'node:http';
import { ApiErrors } from '../../../platform/http/error-body.dto.js';
import { apiValidationPipe } from '../../../platform/http/validation.js';
import { RequireScope, TenantId } from '../../auth/api-key.guard.js';
import { IdempotencyInterceptor } from '../../idempotency/idempotency.interceptor.js';
import { SubscriptionIdPipe } from '../../subscriptions/subscription-id.pipe.js';
import { IDEMPOTENCY_DOC } from '../../idempotency/idempotency-header.doc.js';
import { accepted } from '../operation-view.js';
import { OperationStarted } from '../operations.dto.js';
import { CreateRecoveryDto } from './recovery.dto.js';
import { RecoveriesService } from './recoveries.service.js';

@ApiTags('operations')
@Controller({ path: 'webhooks', version: '1' })
@UsePipes(apiValidationPipe)
@UseInterceptors(IdempotencyInterceptor)
export class RecoveriesController {
  constructor(private readonly recoveries: RecoveriesService) {}

  @Post(':id/recoveries')
  @RequireScope('write')
  @HttpCode(202)
  @ApiOperation({
    summary: "Re-deliver the subscription's events of a window (latest attempt failed, or all) with their original ids",
  })
  @ApiBody({ type: CreateRecoveryDto })
  @ApiHeader(IDEMPOTENCY_DOC)
  @ApiAcceptedResponse({ type: OperationStarted, description: 'Location: /v1/operations/{id}' })
  @ApiErrors(400, 401, 403, 404, 406, 413, 415, 422, 429)
  async start(
    @TenantId() tenantId: string,
    @Param('id', SubscriptionIdPipe) id: string,
    @Body() body: CreateRecoveryDto,
    @Res({ passthrough: true }) res: ServerResponse,
  ) {
    return accepted(res, await this.recoveries.start(tenantId, id, body));
  }
}
