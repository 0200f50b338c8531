import { Controller, Get, Param } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AppError } from '../../platform/errors/app-error.js';
import { RequireScope, TenantId } from '../auth/api-key.guard.js';
import { CircuitBreakers } from '../delivery/failures/circuit-breakers.js';
import { SubscriptionReader } from '../subscriptions/subscription-reader.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The circuit breaker of one subscription, as this instance holds it. */
@ApiTags('webhooks')
@Controller()
@RequireScope('read')
export class CircuitController {
  constructor(
    private readonly breakers: CircuitBreakers,
    private readonly subscriptions: SubscriptionReader,
  ) {}

  @Get('webhooks/:id/circuit')
  @ApiOperation({ summary: "A subscription's circuit breaker: closed, open or half_open, with counters" })
  @ApiOkResponse({
    description: '{ subscription_id, status, state, consecutive_failures, opened_at, next_probe_at, … }',
  })
  async get(@TenantId() tenantId: string, @Param('id') id: string) {
    const subscription = UUID.test(id) ? await this.subscriptions.findStatus(tenantId, id) : undefined;
    if (!subscription) throw AppError.notFound('The webhook subscription');
    return { subscription_id: id, status: subscription.status, ...(await this.breakers.describe(tenantId, id)) };
  }
}
