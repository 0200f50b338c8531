import { Injectable, Logger } from '@nestjs/common';
import { EgressClient } from '../../../platform/egress/egress-client.js';
import { counter } from '../../../platform/telemetry/metrics.js';
import { signedRequestHeaders } from '../signing/request-signing.js';
import type { AlertEventV1 } from '../failures/alert-event.js';
import { SubscriptionReader } from '../../subscriptions/subscription-reader.js';
import { SubscriptionCredentials } from '../../subscriptions/subscription-credentials.js';
import { SubscriptionSecrets } from '../../subscriptions/subscription-secrets.js';

const sent = counter('hookline_alerts_sent_total', 'Alert callbacks by outcome', ['outcome']);

/** The alert address did not take the alert; the consumer tries again, then parks it in the DLQ. */
/** The alert_url kept refusing: parked after its attempts as alert_not_delivered, not as a bug. */
export class AlertNotDeliveredError extends Error {
  readonly parkReason = 'alert_not_delivered';
}

/**
 * Delivers an alert event to its subscription's alert_url, when it has one: the envelope as the
 * body, signed with the subscription's secrets and carrying its endpoint's headers and auth exactly
 * like a delivery, through the same egress policy (HTTPS, SSRF checks, no redirects, the proxy).
 */
@Injectable()
export class AlertSender {
  private readonly log = new Logger('Alerts');

  constructor(
    private readonly subscriptions: SubscriptionReader,
    private readonly egress: EgressClient,
    private readonly secrets: SubscriptionSecrets,
    private readonly credentials: SubscriptionCredentials,
  ) {}

  async send(alert: AlertEventV1): Promise<'sent' | 'no_alert_url' | 'blocked'> {
    const subscription = await this.subscriptions.findStatus(alert.tenant_id, alert.subscription_id);
    if (!subscription?.alertUrl) return 'no_alert_url';
    const body = JSON.stringify(alert.event);
    const now = Date.now();
    const keys = this.secrets.signingKeys(subscription, new Date(now));
    const headers = signedRequestHeaders({ msgId: alert.event.id, body, keys, now });
    const credentials = this.credentials.forEgress(subscription);
    const result = await this.egress.post(subscription.alertUrl, { headers, body, credentials });
    sent.inc({ outcome: result.outcome });
    if (result.outcome === 'success') return 'sent';
    if (result.outcome === 'blocked') {
      // Retrying cannot help: the address is refused by the egress policy.
      this.log.warn(`alert ${alert.event.id} for ${alert.subscription_id} not sent: ${result.errorMessage}`);
      return 'blocked';
    }
    throw new AlertNotDeliveredError(
      `alert ${alert.event.id} to the alert_url of ${alert.subscription_id}: ${result.errorMessage ?? result.outcome}`,
    );
  }
}
