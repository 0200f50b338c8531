import { Body, Controller, HttpCode, Param, Post, UsePipes } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../../platform/http/error-body.dto.js';
import { apiValidationPipe } from '../../platform/http/validation.js';
import { RequireScope, TenantId } from '../auth/api-key.guard.js';
import { FilterTestDto, FilterTestResultDto, SubscriptionFilterTestDto } from './filter-test.dto.js';
import { FilterTests, type FilterTestResult } from './filter-tests.service.js';
import { SubscriptionIdPipe } from './subscription-id.pipe.js';

/** Filter tests: what a filter decides for an event, before it is saved or while editing it. Nothing is stored. */
@ApiTags('webhooks')
@Controller({ path: 'webhooks', version: '1' })
@UsePipes(apiValidationPipe)
export class FilterTestsController {
  constructor(private readonly tests: FilterTests) {}

  @Post('filter-tests')
  @RequireScope('read')
  @HttpCode(200)
  @ApiOperation({ summary: 'Evaluate a filter against an event; 422 when the filter does not compile' })
  @ApiBody({ type: FilterTestDto })
  @ApiOkResponse({ type: FilterTestResultDto })
  @ApiErrors(400, 401, 403, 406, 413, 415, 422, 429)
  test(@Body() body: unknown): Promise<FilterTestResult> {
    return this.tests.test(body);
  }

  @Post(':id/filter-tests')
  @RequireScope('read')
  @HttpCode(200)
  @ApiOperation({ summary: 'Whether the subscription would receive an event: its types and its filter (or one sent)' })
  @ApiBody({ type: SubscriptionFilterTestDto })
  @ApiOkResponse({ type: FilterTestResultDto })
  @ApiErrors(400, 401, 403, 404, 406, 413, 415, 422, 429)
  testSubscription(
    @TenantId() tenantId: string,
    @Param('id', SubscriptionIdPipe) id: string,
    @Body() body: unknown,
  ): Promise<FilterTestResult> {
    return this.tests.testSubscription(tenantId, id, body);
  }
}
