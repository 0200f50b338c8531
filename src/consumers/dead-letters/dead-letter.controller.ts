import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import type { InboundMessage } from '../../platform/kafka/inbound-message.js';
import { Handlers } from '../../topology.js';
import { DeadLetterIndex } from '../../modules/events/dead-letter-index.js';

/** <prefix>.dlq → the dead_letters table, so parked records can be found, counted and redriven. */
@Controller()
export class DeadLetterController {
  constructor(private readonly index: DeadLetterIndex) {}

  @EventPattern(Handlers.deadLetter)
  async onDeadLetter(@Payload() message: InboundMessage): Promise<void> {
    await this.index.record(message);
  }
}
