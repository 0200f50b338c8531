import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import type { InboundMessage } from '../../platform/kafka/inbound-message.js';
import { Handlers } from '../../topology.js';
import { parseDeliveryTask } from '../../modules/delivery/delivery-task.js';
import { DeliveryService } from '../../modules/delivery/dispatch/delivery.service.js';
import { readHistory } from '../../modules/delivery/attempt-history.js';

/**
 * <prefix>.retry-<delay> → HTTPS, one consumer per tier. The consumer base pauses a partition
 * until its head record's due time (hookline-due-at), so a task handed to this handler is due;
 * it is then delivered exactly as the delivery stage does, its attempt history carried along.
 */
@Controller()
export class RetryController {
  constructor(private readonly deliveries: DeliveryService) {}

  @EventPattern(Handlers.retry)
  async onTask(@Payload() message: InboundMessage): Promise<void> {
    const task = parseDeliveryTask(message.value);
    const history = readHistory(message.headers);
    await this.deliveries.deliver(task, history, message);
  }
}
