import { Body, Controller, HttpCode, Param, Post, Res, UsePipes } from '@nestjs/common';
import { ApiAcceptedResponse, ApiBody, ApiOperation, ApiProperty, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import type { ServerResponse } from 'node:http';
import { ApiErrors } from '../../platform/http/error-body.dto.js';
import { apiValidationPipe } from '../../platform/http/validation.js';
import { RequireScope, TenantId } from '../auth/api-key.guard.js';
import { SubscriptionIdPipe } from '../subscriptions/subscription-id.pipe.js';
import { FilterTestResultDto } from '../subscriptions/filter-test.dto.js';
import { TestEvents, type TestEventSent } from './test-events.service.js';

class TestEventDto {
  @ApiPropertyOptional({
    example: 'order.created',
    minLength: 1,
    maxLength: 255,
    description:
      'A catalog type the subscription receives; when left out, the first such type (by name) that has an example',
  })
  type?: string;
  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    description: "The event's data; the catalog's first example of the type when left out",
  })
  data?: Record<string, unknown>;
}

class TestEventSentDto {
  @ApiProperty({ description: 'The test event id (test_…); its attempts: GET /v1/events/{id}/deliveries' })
  event_id: string;
  @ApiProperty({ format: 'uuid' }) subscription_id: string;
  @ApiProperty() type: string;
  @ApiPropertyOptional({
    type: FilterTestResultDto,
    description:
      "What the subscription's filter says of it (sent anyway); left out when the subscription has no filter",
  })
  filter?: FilterTestResultDto;
}

@ApiTags('webhooks')
@Controller({ path: 'webhooks', version: '1' })
@UsePipes(apiValidationPipe)
export class TestEventsController {
  constructor(private readonly tests: TestEvents) {}

  @Post(':id/test-events')
  @RequireScope('write')
  @HttpCode(202)
  @ApiOperation({ summary: 'Send an example event of a type to this subscription only, signed and logged as a test' })
  @ApiBody({ type: TestEventDto })
  @ApiAcceptedResponse({ type: TestEventSentDto, description: 'On the delivery queue; Location names its attempts' })
  @ApiErrors(400, 401, 403, 404, 406, 409, 413, 415, 422, 429)
  async send(
    @TenantId() tenantId: string,
    @Param('id', SubscriptionIdPipe) id: string,
    @Body() body: unknown,
    @Res({ passthrough: true }) res: ServerResponse,
  ): Promise<TestEventSent> {
    const sent = await this.tests.send(tenantId, id, body);
    res.setHeader('Location', `/v1/events/${sent.event_id}/deliveries`);
    return sent;
  }
}
