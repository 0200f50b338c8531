import { Injectable } from '@nestjs/common';
import { AppError } from '../../platform/errors/app-error.js';
import { decodeCursor, encodeCursor, mapPage, pageOf, timeAndId, type Page } from '../../platform/http/pagination.js';
import type { DeliveryLogQuery } from './delivery-log.dto.js';
import { DeliveryRequestReconstruction } from './delivery-log-request.js';
import { bucketsOf, totalsOf, type DeliveryStats } from './delivery-log-stats.js';
import { AttemptLog } from '../delivery/attempt-log/attempt-log.js';
import type { AttemptFilter, AttemptRow } from '../delivery/attempt-log/attempt-log.types.js';
import { SubscriptionReader } from '../subscriptions/subscription-reader.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
/** The delivery log's cursors: newest first by (created_at, id). */
const CURSOR_KIND = 'attempts';

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

/** The delivery log: attempts per subscription or per event, newest first, keyset-paginated. */
@Injectable()
export class DeliveryLogService {
  constructor(
    private readonly attempts: AttemptLog,
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
    const row = await this.attempts.get(tenantId, subscriptionId, attemptId.toLowerCase(), createdAt);
    if (!row) throw AppError.notFound('The delivery attempt');
    return { ...toView(row), request: await this.requests.rebuild(tenantId, row) };
  }

  /** Per-minute counts by outcome and latency percentiles over the last `hours` hours. */
  async statistics(tenantId: string, subscriptionId: string, hours: number): Promise<DeliveryStats> {
    await this.requireSubscription(tenantId, subscriptionId);
    const to = new Date();
    const from = new Date(to.getTime() - hours * 3_600_000);
    const { counts, latencies } = await this.attempts.perMinute(tenantId, subscriptionId.toLowerCase(), from, to);
    const buckets = bucketsOf(counts, latencies);
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
      before: query.after ? positionOf(query.after) : undefined,
    };
    // Postgres text cannot hold U+0000, so no stored event id has it: the page is empty, as for any unknown id.
    const rows = scope.eventId?.includes('\u0000') ? [] : await this.attempts.page(tenantId, scope, filter, limit);
    const cursorOf = (row: AttemptRow) => encodeCursor(CURSOR_KIND, [new Date(row.created_at).toISOString(), row.id]);
    return mapPage(pageOf(rows, limit, cursorOf), toView);
  }
}

function positionOf(cursor: string): { createdAt: Date; id: string } {
  const [at, id] = decodeCursor<[string, string]>(cursor, CURSOR_KIND, timeAndId);
  return { createdAt: new Date(at), id };
}
