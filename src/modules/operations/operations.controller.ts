import { mapPage, Pagination } from '../../platform/http/pagination.js';
import { Controller, Delete, Get, HttpCode, Param, Post, Query, Res, UseInterceptors, UsePipes } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiExtraModels,
  ApiHeader,
  ApiOkResponse,
  ApiOperation,
  ApiProperty,
  ApiTags,
  getSchemaPath,
} from '@nestjs/swagger';
import type { ServerResponse } from 'node:http';
import { ApiErrors } from '../../platform/http/error-body.dto.js';
import { apiValidationPipe } from '../../platform/http/validation.js';
import { RequireScope, TenantId } from '../auth/api-key.guard.js';
import { IdempotencyInterceptor } from '../idempotency/idempotency.interceptor.js';
import { IDEMPOTENCY_DOC } from '../idempotency/idempotency-header.doc.js';
import { OperationIdPipe } from './operation-id.pipe.js';
import { accepted, toOperationView } from './operation-view.js';
import { OPERATION_RESULTS, OperationListQuery, OperationResource, OperationStarted } from './operations.dto.js';
import { OperationsService } from './operations.service.js';

class OperationPage {
  @ApiProperty({ type: [OperationResource] }) data: OperationResource[];
  @ApiProperty() pagination: Pagination;
}

/** The spec's asynchronous operations: status, list, result summary, cancellation (two forms) and retry. */
@ApiTags('operations')
@Controller({ path: 'operations', version: '1' })
@UsePipes(apiValidationPipe)
@UseInterceptors(IdempotencyInterceptor)
export class OperationsController {
  constructor(private readonly operations: OperationsService) {}

  @Get()
  @RequireScope('read')
  @ApiOperation({ summary: "The tenant's operations, newest first; filter by status and kind" })
  @ApiOkResponse({ type: OperationPage })
  @ApiErrors(401, 403, 406, 422, 429)
  async list(@TenantId() tenantId: string, @Query() query: OperationListQuery) {
    const page = await this.operations.list(tenantId, query);
    return mapPage(page, toOperationView);
  }

  @Get(':id')
  @RequireScope('read')
  @ApiOperation({ summary: 'One operation: status, progress, estimated completion, result_url or error' })
  @ApiOkResponse({ type: OperationResource })
  @ApiErrors(401, 403, 404, 406, 429)
  async get(@TenantId() tenantId: string, @Param('id', OperationIdPipe) id: string) {
    return toOperationView(await this.operations.get(tenantId, id));
  }

  @Get(':id/result')
  @ApiExtraModels(...OPERATION_RESULTS)
  @ApiOkResponse({
    description: 'The result summary of a COMPLETED operation: its id, kind and counts',
    schema: { oneOf: OPERATION_RESULTS.map((model) => ({ $ref: getSchemaPath(model) })) },
  })
  @RequireScope('read')
  @ApiOperation({ summary: 'What a completed recovery or redrive did (counts); reports are at /v1/reports/{id}' })
  @ApiErrors(401, 403, 404, 406, 409, 429)
  async result(@TenantId() tenantId: string, @Param('id', OperationIdPipe) id: string) {
    const op = await this.operations.result(tenantId, id);
    return { operation_id: op.id, kind: op.kind, ...op.result };
  }

  @Post(':id/retry')
  @RequireScope('write')
  @HttpCode(202)
  @ApiOperation({ summary: 'Restart a FAILED operation from its last checkpoint; any other state is 409' })
  @ApiHeader(IDEMPOTENCY_DOC)
  @ApiAcceptedResponse({ type: OperationStarted, description: 'PENDING again; Location names it' })
  @ApiErrors(401, 403, 404, 406, 409, 429)
  async retry(
    @TenantId() tenantId: string,
    @Param('id', OperationIdPipe) id: string,
    @Res({ passthrough: true }) res: ServerResponse,
  ) {
    return accepted(res, await this.operations.retry(tenantId, id));
  }

  /**
   * 202 in both outcomes: a PENDING operation is CANCELLED at once, an IN_PROGRESS one is
   * CANCELLING until its runner reaches the next checkpoint; the body says which.
   */
  @Post(':id/cancellation')
  @RequireScope('write')
  @HttpCode(202)
  @ApiOperation({
    summary: 'Cancel: PENDING → CANCELLED at once, IN_PROGRESS → CANCELLING → CANCELLED; finished → 409',
  })
  @ApiHeader(IDEMPOTENCY_DOC)
  @ApiAcceptedResponse({ type: OperationResource, description: 'CANCELLED, or CANCELLING until the next checkpoint' })
  @ApiErrors(401, 403, 404, 406, 409, 429)
  async cancelByPost(@TenantId() tenantId: string, @Param('id', OperationIdPipe) id: string) {
    return toOperationView(await this.operations.cancel(tenantId, id));
  }

  @Delete(':id')
  @RequireScope('write')
  @HttpCode(202)
  @ApiOperation({ summary: 'Same as POST /v1/operations/{id}/cancellation' })
  @ApiAcceptedResponse({ type: OperationResource, description: 'CANCELLED, or CANCELLING until the next checkpoint' })
  @ApiErrors(401, 403, 404, 406, 409, 429)
  async cancelByDelete(@TenantId() tenantId: string, @Param('id', OperationIdPipe) id: string) {
    return toOperationView(await this.operations.cancel(tenantId, id));
  }
}
