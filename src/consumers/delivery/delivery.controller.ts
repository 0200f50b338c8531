import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import type { InboundMessage } from '../../platform/kafka/inbound-message.js';
import { Handlers } from '../../topology.js';
import { parseDeliveryTask } from '../../modules/delivery/delivery-task.js';
import { DeliveryService } from '../../modules/delivery/dispatch/delivery.service.js';
import { DirectLane } from '../../modules/delivery/dispatch/direct-lane.js';

/**
 * <prefix>.deliveries → HTTPS. Runs concurrently (DELIVERY_CONCURRENCY, and per subscription, the
 * record key); the record is finished when its attempt is on record and any follow-up task is
 * acknowledged by the broker. A malformed task is parked by the consumer base (invalid_task).
 *
 * The delivery stage also takes healthy subscriptions' tasks straight from ingest in this process:
 * it opens the direct lane (fan-out admits them with a slot already taken).
 */
@Controller()
export class DeliveryController {
  constructor(
    private readonly deliveries: DeliveryService,
    lane: DirectLane,
  ) {
    lane.attach((task) => deliveries.deliverAdmitted(task));
  }

  @EventPattern(Handlers.delivery)
  async onTask(@Payload() message: InboundMessage): Promise<void> {
    const task = parseDeliveryTask(message.value);
    await this.deliveries.deliver(task, [], message);
  }
}
