import { storableText } from '../../../platform/database/storable-text.js';
import { isMessageId } from '../../../platform/egress/signer.js';
import { PoisonRecordError } from '../../../platform/kafka/poison-record.error.js';
import type { SubscriptionStatus } from '../../subscriptions/subscription.entity.js';
import type { AttemptSummary } from '../attempt-history.js';
import type { AlertType } from './status-transitions.js';

/** The envelope an alert address receives: shaped like any event, signed like a delivery. */
export interface AlertEnvelope {
  id: string;
  type: AlertType;
  created_at: string;
  data: {
    subscription_id: string;
    url: string;
    status: SubscriptionStatus;
    previous_status: SubscriptionStatus;
    reason: string;
    status_changed_at: string;
    /** The event whose delivery caused the change. */
    event_id: string;
    attempts: AttemptSummary[];
  };
}

/** A record on <prefix>.alerts (key = subscription id); schemas/messages/alert-event-v1.schema.json. */
export interface AlertEventV1 {
  type: 'AlertEventV1';
  tenant_id: string;
  subscription_id: string;
  event: AlertEnvelope;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export class MalformedAlertError extends PoisonRecordError {
  constructor(message: string) {
    super('invalid_alert', message);
  }
}

export function parseAlertEvent(value: Buffer | null): AlertEventV1 {
  let alert: Partial<AlertEventV1>;
  try {
    alert = JSON.parse(value?.toString('utf8') ?? '') as Partial<AlertEventV1>;
  } catch {
    throw new MalformedAlertError('alert event is not JSON');
  }
  if (alert?.type !== 'AlertEventV1') throw new MalformedAlertError(`unknown alert type ${String(alert?.type)}`);
  if (!alert.tenant_id || !alert.subscription_id || !alert.event?.id || !alert.event.type)
    throw new MalformedAlertError('alert event lacks tenant_id, subscription_id or event');
  // What its request and its lookup carry: a header-safe id, a uuid, a tenant Postgres can compare.
  if (!isMessageId(alert.event.id)) throw new MalformedAlertError('event.id must be 1-255 visible ASCII characters');
  if (!UUID.test(String(alert.subscription_id))) throw new MalformedAlertError('subscription_id must be a uuid');
  if (typeof alert.tenant_id !== 'string' || storableText(alert.tenant_id) !== alert.tenant_id)
    throw new MalformedAlertError('tenant_id must be text without U+0000');
  return alert as AlertEventV1;
}
