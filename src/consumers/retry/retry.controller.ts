import { Controller, Logger } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { DeadLetterWriter } from '../../platform/kafka/dead-letter.writer.js';
import type { InboundMessage } from '../../platform/kafka/inbound-message.js';
import { Handlers } from '../../topology.js';
import { MalformedTaskError, parseDeliveryTask } from '../../modules/deliveries/delivery-task.js';
import { DeliveryService } from '../../modules/deliveries/delivery.service.js';
import { readHistory } from '../../modules/failures/attempt-history.js';

/**
 * <prefix>.retry-<delay> → HTTPS, one consumer per tier. The consumer base pauses a partition
 * until its head record's due time (hookline-due-at), so a task handed to this handler is due;
 * it is then delivered exactly as the delivery stage does, its attempt history carried along.
 */
@Controller()
export class RetryController {
  private readonly log = new Logger('RetryConsumer');

  constructor(
    private readonly deliveries: DeliveryService,
    private readonly deadLetters: DeadLetterWriter,
  ) {}

  @EventPattern(Handlers.retry)
  async onTask(@Payload() message: InboundMessage): Promise<void> {
    let task;
    try {
      task = parseDeliveryTask(message.value);
    } catch (error) {
      if (!(error instanceof MalformedTaskError)) throw error;
      this.log.warn(`parked malformed task ${message.topic}/${message.partition}@${message.offset}: ${error.message}`);
      return this.deadLetters.park(message, 'invalid_task', error.message);
    }
    await this.deliveries.deliver(task, readHistory(message.headers));
  }
}
