import { Controller, Get, Param, Query, UsePipes } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { apiValidationPipe } from '../../platform/http/validation.js';
import { RequireScope, TenantId } from '../auth/api-key.guard.js';
import { DeliveryLogQuery } from './delivery-log.dto.js';
import { DeliveryLogService } from './delivery-log.service.js';

/** The spec's delivery log: every attempt with its status code and response time. */
@ApiTags('deliveries')
@Controller()
@RequireScope('read')
@UsePipes(apiValidationPipe)
export class DeliveryLogController {
  constructor(private readonly log: DeliveryLogService) {}

  @Get('webhooks/:id/deliveries')
  @ApiOperation({ summary: 'Delivery attempts of a subscription, newest first' })
  @ApiOkResponse({ description: 'A page of attempts: { data, pagination: { next_cursor, has_more } }' })
  list(@TenantId() tenantId: string, @Param('id') id: string, @Query() query: DeliveryLogQuery) {
    return this.log.forSubscription(tenantId, id, query);
  }

  @Get('webhooks/:id/deliveries/:attemptId')
  @ApiOperation({ summary: 'One delivery attempt, with the response body snippet and headers' })
  get(@TenantId() tenantId: string, @Param('id') id: string, @Param('attemptId') attemptId: string) {
    return this.log.attempt(tenantId, id, attemptId);
  }

  @Get('events/:eventId/deliveries')
  @ApiOperation({ summary: "Every attempt of one event across the tenant's subscriptions" })
  forEvent(@TenantId() tenantId: string, @Param('eventId') eventId: string, @Query() query: DeliveryLogQuery) {
    return this.log.forEvent(tenantId, eventId, query);
  }
}
