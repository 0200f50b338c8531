import type { EgressOutcome } from '../../../platform/egress/egress-client.js';
import type { DeliveryTrigger } from '../delivery-task.js';

/** One delivery attempt, as stored in delivery_attempts and shown by the delivery log API. */
export interface AttemptRecord {
  /** uuid v7 whose timestamp is createdAt, so a lookup by id alone prunes to one partition. */
  id: string;
  /** When the request was sent. */
  createdAt: Date;
  tenantId: string;
  subscriptionId: string;
  eventId: string;
  eventType: string;
  attempt: number;
  trigger: DeliveryTrigger;
  /** The request's outcome; `skipped`: no request, an ordered key moved past the event (dead-lettered). */
  outcome: EgressOutcome | 'skipped';
  statusCode: number | null;
  responseTimeMs: number;
  responseBody: string | null;
  responseHeaders: Record<string, string> | null;
  error: string | null;
  traceId: string | null;
  nextAttemptAt: Date | null;
}
