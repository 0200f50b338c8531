import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import type { InboundMessage } from '../../platform/kafka/inbound-message.js';
import { Handlers } from '../../topology.js';
import { markedIfReplay, parseDeliveryTask } from '../../modules/delivery/delivery-task.js';
import { DeliveryService } from '../../modules/delivery/dispatch/delivery.service.js';
import { TaskDeferral } from '../../modules/delivery/dispatch/task-deferral.js';

/**
 * <prefix>.deliveries → HTTPS. Runs concurrently (DELIVERY_CONCURRENCY, and per subscription, the
 * record key); the record is finished when its attempt is on record and any follow-up task is
 * acknowledged by the broker. A malformed task is parked by the consumer base (invalid_task).
 */
@Controller()
export class DeliveryController {
  constructor(
    private readonly deliveries: DeliveryService,
    private readonly deferral: TaskDeferral,
  ) {}

  @EventPattern(Handlers.delivery)
  async onTask(@Payload() message: InboundMessage): Promise<void> {
    const task = parseDeliveryTask(message.value);
    // Its subscription stalls: the consumer base asks it to step aside to a retry tier.
    if (message.stepAside && (await this.deferral.defer(markedIfReplay(task, message.mayBeReplay)))) return;
    await this.deliveries.deliver(task, [], message);
  }
}
