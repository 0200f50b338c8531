import { Injectable } from '@nestjs/common';
import { EventHistory } from '../events/event-history.js';
import { SubscriptionReader } from '../subscriptions/subscription-reader.js';
import { USER_AGENT } from '../../platform/egress/user-agent.js';
import { TEST_EVENT_PREFIX } from '../delivery/delivery-task.js';

/** Signature values are secrets' HMACs: shown as present, never as sent. */
const MASKED = '••••••';
/** The Authorization scheme each endpoint auth sends; mTLS sends none (its certificate is on the connection). */
const AUTHORIZATION_SCHEME: Record<string, string | undefined> = {
  basic: 'Basic',
  bearer: 'Bearer',
  oauth2_client_credentials: 'Bearer',
};

export interface ReconstructedRequest {
  method: 'POST';
  url: string | null;
  headers: Record<string, string>;
  /** The event as stored at ingest; the endpoint also got `sequence` and `previous_event_id`. */
  body: unknown;
  reconstructed: true;
  note: string;
}

/**
 * The attempt log keeps the response, not the request (request bodies would double the table).
 * The request is rebuilt from what is kept: the subscription's URL, the headers every delivery
 * carries (signatures masked), its static headers and credential (secrets masked) as they are now,
 * and the event payload from the event store.
 */
@Injectable()
export class DeliveryRequestReconstruction {
  constructor(
    private readonly history: EventHistory,
    private readonly subscriptions: SubscriptionReader,
  ) {}

  async rebuild(
    tenantId: string,
    attempt: { subscription_id: string; event_id: string; created_at: Date; trace_id: string | null },
  ): Promise<ReconstructedRequest> {
    const subscription = await this.subscriptions.requestTarget(tenantId, attempt.subscription_id);
    const payload = await this.history.payloadOf(tenantId, attempt.event_id);
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'user-agent': USER_AGENT,
      'webhook-id': attempt.event_id,
      'webhook-timestamp': String(Math.floor(new Date(attempt.created_at).getTime() / 1000)),
      'webhook-signature': `v1,${MASKED}`,
      'x-signature': `sha256=${MASKED}`,
      'x-webhook-signature': `t=…,v1=${MASKED}`,
    };
    if (subscription?.sendTraceparent !== false && attempt.trace_id)
      headers.traceparent = `00-${attempt.trace_id}-${MASKED}-01`;
    // The endpoint's static headers as they are now (secret ones masked), and its credential masked.
    for (const [name, h] of Object.entries(subscription?.headers ?? {}))
      headers[name] = 'value' in h ? h.value : MASKED;
    const scheme = subscription?.auth && AUTHORIZATION_SCHEME[subscription.auth.type];
    if (scheme) headers.authorization = `${scheme} ${MASKED}`;
    return {
      method: 'POST',
      url: subscription?.url ?? null,
      headers,
      body: payload === null ? null : (JSON.parse(payload) as unknown),
      reconstructed: true,
      note: noteOf(payload !== null, attempt.event_id),
    };
  }
}

/** Why the body is what it is: rebuilt from the stored event, or why none was kept. */
function noteOf(stored: boolean, eventId: string): string {
  if (stored) return REBUILT;
  return eventId.startsWith(TEST_EVENT_PREFIX) ? TEST_EVENT_NOT_KEPT : PAST_RETENTION;
}

const REBUILT =
  'Rebuilt from the event store: the endpoint also received sequence and previous_event_id; ' +
  'signature values are masked and the timestamp is the attempt time.';
const PAST_RETENTION = 'The event payload is past its retention; only the headers are known.';
const TEST_EVENT_NOT_KEPT =
  "A test event is not kept: its data was the type's catalog example or the data sent with it; only the headers are known.";
