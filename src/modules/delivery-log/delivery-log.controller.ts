import { Controller, Get, Param, Query, UsePipes } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../../platform/http/error-body.dto.js';
import { apiValidationPipe } from '../../platform/http/validation.js';
import { RequireScope, TenantId } from '../auth/api-key.guard.js';
import { DeliveryStats, DeliveryStatsQuery } from './delivery-log-stats.js';
import { DeliveryLogQuery } from './delivery-log.dto.js';
import { DeliveryLogService } from './delivery-log.service.js';
import { AttemptDetail, AttemptPage } from './delivery-log.views.js';

/** The spec's delivery log: every attempt with its status code and response time. */
@ApiTags('deliveries')
@Controller()
@RequireScope('read')
@UsePipes(apiValidationPipe)
export class DeliveryLogController {
  constructor(private readonly log: DeliveryLogService) {}

  @Get('webhooks/:id/deliveries')
  @ApiOperation({ summary: 'Delivery attempts of a subscription, newest first' })
  @ApiOkResponse({ type: AttemptPage, description: 'A page of attempts, newest first' })
  list(@TenantId() tenantId: string, @Param('id') id: string, @Query() query: DeliveryLogQuery) {
    return this.log.forSubscription(tenantId, id, query);
  }

  @Get('webhooks/:id/delivery-stats')
  @ApiOperation({
    summary: 'Per-minute delivery counts by outcome and latency p50/p95/p99 of a subscription (last 1–24 h)',
  })
  @ApiOkResponse({ type: DeliveryStats })
  @ApiErrors(401, 403, 404, 422, 429)
  stats(@TenantId() tenantId: string, @Param('id') id: string, @Query() query: DeliveryStatsQuery) {
    return this.log.statistics(tenantId, id, query.hours ?? 24);
  }

  @Get('webhooks/:id/deliveries/:attemptId')
  @ApiOperation({
    summary: 'One delivery attempt: the response (snippet, headers) and the request rebuilt from the event store',
  })
  @ApiOkResponse({ type: AttemptDetail })
  get(@TenantId() tenantId: string, @Param('id') id: string, @Param('attemptId') attemptId: string) {
    return this.log.attempt(tenantId, id, attemptId);
  }

  @Get('events/:eventId/deliveries')
  @ApiOperation({ summary: "Every attempt of one event across the tenant's subscriptions" })
  @ApiOkResponse({ type: AttemptPage, description: 'A page of attempts, newest first' })
  forEvent(@TenantId() tenantId: string, @Param('eventId') eventId: string, @Query() query: DeliveryLogQuery) {
    return this.log.forEvent(tenantId, eventId, query);
  }
}
