import { Controller, Get, Param } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { AppError } from '../../platform/errors/app-error.js';
import { RequireScope, TenantId } from '../auth/api-key.guard.js';
import { CircuitBreakers } from '../delivery/failures/circuit-breakers.js';
import { SUBSCRIPTION_STATUSES } from '../subscriptions/subscription.dto.js';
import { SubscriptionReader } from '../subscriptions/subscription-reader.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const COUNT = { type: 'integer', minimum: 0 } as const;

/** What GET /webhooks/{id}/circuit answers: the subscription's status and its circuit's snapshot. */
export class CircuitResource {
  @ApiProperty({ format: 'uuid' }) subscription_id: string;
  @ApiProperty({ enum: SUBSCRIPTION_STATUSES }) status: string;
  @ApiProperty({ enum: ['closed', 'open', 'half_open'] }) state: string;
  @ApiProperty(COUNT) consecutive_failures: number;
  @ApiProperty({ ...COUNT, description: 'Attempts in the current failure-ratio window' }) window_attempts: number;
  @ApiProperty(COUNT) window_failures: number;
  @ApiProperty({ type: 'string', format: 'date-time', nullable: true }) opened_at: string | null;
  @ApiProperty({ type: 'string', format: 'date-time', nullable: true, description: 'While open: the next probe' })
  next_probe_at: string | null;
  @ApiProperty({ type: 'string', nullable: true, description: 'While open: why it opened' }) reason: string | null;
  @ApiProperty({
    type: 'integer',
    minimum: 1,
    nullable: true,
    description:
      'Requests in flight the endpoint is allowed now (adaptive: grows while it answers fast, halves on timeouts, 429 and 503), as a delivering instance last reported it; null before any',
  })
  concurrency_limit: number | null;
  @ApiProperty({
    type: 'string',
    format: 'date-time',
    nullable: true,
    description: 'When concurrency_limit was reported',
  })
  concurrency_reported_at: string | null;
}

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
  @ApiOkResponse({ type: CircuitResource })
  async get(@TenantId() tenantId: string, @Param('id') id: string) {
    const subscription = UUID.test(id) ? await this.subscriptions.findStatus(tenantId, id) : undefined;
    if (!subscription) throw AppError.notFound('The webhook subscription');
    return { subscription_id: id, status: subscription.status, ...(await this.breakers.describe(tenantId, id)) };
  }
}
