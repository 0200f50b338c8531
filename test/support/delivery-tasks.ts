import { randomUUID } from 'node:crypto';
import type { DeliveryTaskV2 } from '../../src/modules/delivery/delivery-task.js';
import type { AttemptRecord } from '../../src/modules/delivery/dispatch/attempt-record.js';
import { envelopeBody } from '../../src/modules/delivery/task-record.js';
import type { EgressRequest, EgressResult } from '../../src/platform/egress/egress-client.js';

/** A first-attempt task as fan-out writes it (body included), for `subscriptionId` of `tenantId`. */
export function deliveryTask(
  tenantId: string,
  subscriptionId: string,
  over: Partial<DeliveryTaskV2> = {},
): DeliveryTaskV2 {
  const now = new Date().toISOString();
  const event = {
    id: `evt_${randomUUID()}`,
    type: 'order.created',
    created_at: now,
    sequence: 1,
    previous_event_id: null,
  };
  return {
    type: 'DeliveryTaskV2',
    tenant_id: tenantId,
    subscription_id: subscriptionId,
    event,
    body: envelopeBody(event, JSON.stringify({ order: 42 })),
    attempt: 1,
    trigger: 'initial',
    first_attempt_at: now,
    enqueued_at: now,
    ...over,
  };
}

/** A successful first attempt's row, as the attempt log stores it, with `over` on top. */
export function attemptRow(over: Partial<AttemptRecord> & Pick<AttemptRecord, 'tenantId'>): AttemptRecord {
  const id = randomUUID();
  return {
    id,
    createdAt: new Date(),
    subscriptionId: randomUUID(),
    eventId: `evt_${id}`,
    eventType: 'order.created',
    attempt: 1,
    trigger: 'initial',
    outcome: 'success',
    statusCode: 200,
    responseTimeMs: 5,
    responseBody: null,
    responseHeaders: null,
    error: null,
    traceId: null,
    nextAttemptAt: null,
    ...over,
  };
}

/** What the egress client returns for an endpoint that answered `status`. */
export function answered(status: number, headers: Record<string, string> = {}): EgressResult {
  return {
    status,
    headers,
    bodySnippet: '',
    durationMs: 1,
    firstByteMs: 1,
    outcome: status >= 200 && status < 300 ? 'success' : 'http_error',
  };
}

/**
 * Stands in for EgressClient where a test cuts the network off: records each post and answers
 * what `reply` says (a 200 unless set), which may also hold the request open.
 */
export class FakeEgress {
  readonly calls: { url: string; request: EgressRequest }[] = [];
  reply: (url: string) => EgressResult | Promise<EgressResult> = () => answered(200);

  post(url: string, request: EgressRequest): Promise<EgressResult> {
    this.calls.push({ url, request });
    return Promise.resolve(this.reply(url));
  }
}
