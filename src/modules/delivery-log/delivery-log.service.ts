import { Injectable } from '@nestjs/common';
import { AppError } from '../../platform/errors/app-error.js';
import type { DeliveryLogQuery } from './delivery-log.dto.js';
import { DeliveryRequestReconstruction } from './delivery-log-request.js';
import { DeliveryStatsRepository, totalsOf, type DeliveryStats } from './delivery-log-stats.js';
import { DeliveryLogRepository, type AttemptFilter, type AttemptRow } from './delivery-log.repository.js';
import { SubscriptionReader } from '../subscriptions/subscription-reader.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

export interface Page<T> {
  data: T[];
  pagination: { next_cursor: string | null; has_more: boolean };
}

/** What the delivery log shows of an attempt (the spec's delivery record, and more). */
export function toView(row: AttemptRow) {
  return {
    id: row.id,
    subscription_id: row.subscription_id,
    event_id: row.event_id,
    event_type: row.event_type,
    attempt: row.attempt,
    trigger: row.trigger,
    outcome: row.outcome,
    status_code: row.status_code,
    response_time_ms: row.response_time_ms,
    requested_at: new Date(row.created_at).toISOString(),
    next_attempt_at: row.next_attempt_at ? new Date(row.next_attempt_at).toISOString() : null,
    error: row.error,
    trace_id: row.trace_id,
    ...(row.response_body !== undefined ? { response_body: row.response_body } : {}),
    ...(row.response_headers !== undefined ? { response_headers: row.response_headers } : {}),
  };
}
export type AttemptView = ReturnType<typeof toView>;

const encodeCursor = (row: AttemptRow) =>
  Buffer.from(JSON.stringify([new Date(row.created_at).toISOString(), row.id])).toString('base64url');

function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [string, string];
    const createdAt = new Date(at);
    if (!Number.isNaN(createdAt.getTime()) && UUID.test(id)) return { createdAt, id };
  } catch {
    // reported below
  }
  throw AppError.validation([{ field: 'after', code: 'INVALID', message: 'The cursor is not one this API issued.' }]);
}

/** The delivery log: attempts per subscription or per event, newest first, keyset-paginated. */
@Injectable()
export class DeliveryLogService {
  constructor(
    private readonly repository: DeliveryLogRepository,
    private readonly stats: DeliveryStatsRepository,
    private readonly requests: DeliveryRequestReconstruction,
    private readonly subscriptions: SubscriptionReader,
  ) {}

  async forSubscription(tenantId: string, subscriptionId: string, query: DeliveryLogQuery): Promise<Page<AttemptView>> {
    await this.requireSubscription(tenantId, subscriptionId);
    return this.page(tenantId, { subscriptionId }, query);
  }

  forEvent(tenantId: string, eventId: string, query: DeliveryLogQuery): Promise<Page<AttemptView>> {
    return this.page(tenantId, { eventId }, query);
  }

  async attempt(tenantId: string, subscriptionId: string, attemptId: string) {
    await this.requireSubscription(tenantId, subscriptionId);
    // Our ids are uuid v7: their first 48 bits are the attempt's created_at in ms.
    if (!UUID_V7.test(attemptId)) throw AppError.notFound('The delivery attempt');
    const createdAt = new Date(parseInt(attemptId.replaceAll('-', '').slice(0, 12), 16));
    const row = await this.repository.get(tenantId, subscriptionId, attemptId.toLowerCase(), createdAt);
    if (!row) throw AppError.notFound('The delivery attempt');
    return { ...toView(row), request: await this.requests.rebuild(tenantId, row) };
  }

  /** Per-minute counts by outcome and latency percentiles over the last `hours` hours. */
  async statistics(tenantId: string, subscriptionId: string, hours: number): Promise<DeliveryStats> {
    await this.requireSubscription(tenantId, subscriptionId);
    const to = new Date();
    const from = new Date(to.getTime() - hours * 3_600_000);
    const buckets = await this.stats.perMinute(tenantId, subscriptionId.toLowerCase(), from, to);
    return {
      subscription_id: subscriptionId.toLowerCase(),
      from: from.toISOString(),
      to: to.toISOString(),
      bucket_seconds: 60,
      totals: totalsOf(buckets),
      buckets,
    };
  }

  private async requireSubscription(tenantId: string, subscriptionId: string): Promise<void> {
    if (!UUID.test(subscriptionId) || !(await this.subscriptions.exists(tenantId, subscriptionId)))
      throw AppError.notFound('The webhook subscription');
  }

  private async page(
    tenantId: string,
    scope: { subscriptionId?: string; eventId?: string },
    query: DeliveryLogQuery,
  ): Promise<Page<AttemptView>> {
    const limit = query.limit ?? 20;
    const filter: AttemptFilter = {
      outcome: query.outcome,
      statusCode: query.status_code,
      eventType: query.event_type,
      eventId: query.event_id,
      from: query.from ? new Date(query.from) : undefined,
      to: query.to ? new Date(query.to) : undefined,
      before: query.after ? decodeCursor(query.after) : undefined,
    };
    const rows = await this.repository.list(tenantId, scope, filter, limit);
    const hasMore = rows.length > limit;
    const data = rows.slice(0, limit);
    return {
      data: data.map(toView),
      pagination: { next_cursor: hasMore ? encodeCursor(data[data.length - 1]) : null, has_more: hasMore },
    };
  }
}
