import { Controller, Logger } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { DeadLetterWriter } from '../../platform/kafka/dead-letter.writer.js';
import type { InboundMessage } from '../../platform/kafka/inbound-message.js';
import { Handlers } from '../../topology.js';
import { MalformedAlertError, parseAlertEvent } from '../../modules/failures/alert-event.js';
import { AlertSender } from '../../modules/failures/alert-sender.js';

/**
 * <prefix>.alerts → the subscription's alert_url (subscription.failing, subscription.recovered,
 * subscription.disabled). An alert the address refuses is retried by the consumer base, then parked.
 */
@Controller()
export class AlertController {
  private readonly log = new Logger('AlertConsumer');

  constructor(
    private readonly sender: AlertSender,
    private readonly deadLetters: DeadLetterWriter,
  ) {}

  @EventPattern(Handlers.alert)
  async onAlert(@Payload() message: InboundMessage): Promise<void> {
    let alert;
    try {
      alert = parseAlertEvent(message.value);
    } catch (error) {
      if (!(error instanceof MalformedAlertError)) throw error;
      this.log.warn(`parked malformed alert ${message.partition}@${message.offset}: ${error.message}`);
      return this.deadLetters.park(message, 'invalid_alert', error.message);
    }
    const outcome = await this.sender.send(alert);
    if (outcome === 'sent') this.log.log(`${alert.event.type} for ${alert.subscription_id} sent to its alert_url`);
  }
}
