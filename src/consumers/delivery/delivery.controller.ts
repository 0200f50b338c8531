import { Controller, Logger } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { DeadLetterWriter } from '../../platform/kafka/dead-letter.writer.js';
import type { InboundMessage } from '../../platform/kafka/inbound-message.js';
import { Handlers } from '../../topology.js';
import { MalformedTaskError, parseDeliveryTask } from '../../modules/deliveries/delivery-task.js';
import { DeliveryService } from '../../modules/deliveries/delivery.service.js';

/**
 * <prefix>.deliveries → HTTPS. Runs concurrently (DELIVERY_CONCURRENCY, and per subscription, the
 * record key); the record is finished when its attempt is on record and any follow-up task is
 * acknowledged by the broker.
 */
@Controller()
export class DeliveryController {
  private readonly log = new Logger('DeliveryConsumer');

  constructor(
    private readonly deliveries: DeliveryService,
    private readonly deadLetters: DeadLetterWriter,
  ) {}

  @EventPattern(Handlers.delivery)
  async onTask(@Payload() message: InboundMessage): Promise<void> {
    let task;
    try {
      task = parseDeliveryTask(message.value);
    } catch (error) {
      if (!(error instanceof MalformedTaskError)) throw error;
      this.log.warn(`parked malformed task ${message.partition}@${message.offset}: ${error.message}`);
      return this.deadLetters.park(message, 'invalid_task', error.message);
    }
    await this.deliveries.deliver(task);
  }
}
