import { Controller, Logger } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import type { InboundMessage } from '../../platform/kafka/inbound-message.js';
import { traceConsumed } from '../../platform/telemetry/messaging-spans.js';
import { annotate, HooklineAttributes as A } from '../../platform/telemetry/tracing.js';
import { Handlers } from '../../topology.js';
import { parseAlertEvent } from '../../modules/delivery/failures/alert-event.js';
import { AlertSender } from '../../modules/delivery/alerts/alert-sender.js';

/**
 * <prefix>.alerts → the subscription's alert_url (subscription.failing, subscription.recovered,
 * subscription.disabled). An alert the address refuses is tried again on ALERT_RETRY_SCHEDULE, then
 * parked (alert_not_delivered); one the egress policy blocks is parked at once (alert_blocked); a
 * malformed one too (invalid_alert). All three are listed in the dead letters; the first two redrivable.
 */
@Controller()
export class AlertController {
  private readonly log = new Logger('AlertConsumer');

  constructor(private readonly sender: AlertSender) {}

  /** A CONSUMER span in the trace of the delivery whose attempt raised the alert (its PRODUCER span is the parent). */
  @EventPattern(Handlers.alert)
  onAlert(@Payload() message: InboundMessage): Promise<void> {
    return traceConsumed(message, () => this.send(message), { key: true });
  }

  private async send(message: InboundMessage): Promise<void> {
    const alert = parseAlertEvent(message.value);
    annotate({
      [A.tenantId]: alert.tenant_id,
      [A.subscriptionId]: alert.subscription_id,
      [A.alertType]: alert.event.type,
    });
    const outcome = await this.sender.send(alert);
    if (outcome === 'sent') this.log.log(`${alert.event.type} for ${alert.subscription_id} sent to its alert_url`);
  }
}
