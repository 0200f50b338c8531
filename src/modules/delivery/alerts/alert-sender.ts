import { Injectable, Logger } from '@nestjs/common';
import { AppConfig } from '../../../platform/config/app-config.js';
import { EgressClient, type EgressResult } from '../../../platform/egress/egress-client.js';
import { PoisonRecordError } from '../../../platform/kafka/poison-record.error.js';
import { counter } from '../../../platform/telemetry/metrics.js';
import { signedRequestHeaders } from '../signing/request-signing.js';
import type { AlertEventV1 } from '../failures/alert-event.js';
import { SubscriptionReader } from '../../subscriptions/subscription-reader.js';
import { SubscriptionCredentials } from '../../subscriptions/subscription-credentials.js';
import { SubscriptionSecrets } from '../../subscriptions/subscription-secrets.js';

const sent = counter('hookline_alerts_sent_total', 'Alert callbacks by outcome', ['outcome']);

/** The alert_url kept refusing through ALERT_RETRY_SCHEDULE: parked at once as alert_not_delivered (redrivable). */
export class AlertNotDeliveredError extends PoisonRecordError {
  constructor(detail: string) {
    super('alert_not_delivered', detail);
    this.name = 'AlertNotDeliveredError';
  }
}

/** The egress policy refuses the alert_url (a private address): parked at once as alert_blocked (redrivable). */
export class AlertBlockedError extends PoisonRecordError {
  constructor(detail: string) {
    super('alert_blocked', detail);
    this.name = 'AlertBlockedError';
  }
}

/**
 * Delivers an alert event to its subscription's alert_url, when it has one: the envelope as the
 * body, signed with the subscription's secrets and carrying its endpoint's headers and auth exactly
 * like a delivery, through the same egress policy (HTTPS, SSRF checks, no redirects, the proxy). A refused alert is tried again after each delay of
 * ALERT_RETRY_SCHEDULE, so that a short outage of the address loses nothing; then it is parked in
 * the DLQ (alert_not_delivered), as is one the egress policy blocks (alert_blocked), where it is
 * listed, counted and redrivable.
 */
@Injectable()
export class AlertSender {
  private readonly log = new Logger('Alerts');
  private readonly schedule: readonly number[];

  constructor(
    private readonly subscriptions: SubscriptionReader,
    private readonly egress: EgressClient,
    private readonly secrets: SubscriptionSecrets,
    private readonly credentials: SubscriptionCredentials,
    config: AppConfig,
  ) {
    this.schedule = config.delivery.alertRetryScheduleMs;
  }

  async send(alert: AlertEventV1): Promise<'sent' | 'no_alert_url'> {
    for (let attempt = 0; ; attempt++) {
      const result = await this.attempt(alert);
      if (result === 'no_alert_url') return result;
      sent.inc({ outcome: result.outcome });
      if (result.outcome === 'success') return 'sent';
      const what = `alert ${alert.event.id} to the alert_url of ${alert.subscription_id}`;
      if (result.outcome === 'blocked') throw new AlertBlockedError(`${what}: ${result.errorMessage ?? 'blocked'}`);
      const wait = this.schedule[attempt];
      if (wait === undefined)
        throw new AlertNotDeliveredError(`${what}, ${attempt + 1} attempts: ${result.errorMessage ?? result.outcome}`);
      this.log.warn(`${what} not taken (${result.errorMessage ?? result.outcome}); again in ${wait} ms`);
      await new Promise((r) => setTimeout(r, wait));
    }
  }

  /** One signed POST to the address the subscription has now (it may change between attempts). */
  private async attempt(alert: AlertEventV1): Promise<EgressResult | 'no_alert_url'> {
    const subscription = await this.subscriptions.findStatus(alert.tenant_id, alert.subscription_id);
    if (!subscription?.alertUrl) return 'no_alert_url';
    const body = JSON.stringify(alert.event);
    const now = Date.now();
    const keys = this.secrets.signingKeys(subscription, new Date(now));
    const headers = signedRequestHeaders({ msgId: alert.event.id, body, keys, now });
    const credentials = this.credentials.forEgress(subscription);
    return this.egress.post(subscription.alertUrl, { headers, body, credentials });
  }
}
