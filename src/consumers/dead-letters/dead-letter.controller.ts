import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { DeadLetterHeaders } from '../../platform/kafka/dead-letter.writer.js';
import type { InboundMessage } from '../../platform/kafka/inbound-message.js';
import { counter } from '../../platform/telemetry/metrics.js';
import { Handlers } from '../../topology.js';
import { DeadLetterIndex } from '../../modules/events/dead-letter-index.js';

/** Every record reaching the DLQ, whoever parked it (ingest, delivery, retry tiers). */
const arrivals = counter('hookline_dlq_messages_total', 'Records arriving on the DLQ, by reason', ['reason']);

/** <prefix>.dlq → the dead_letters table, so parked records can be found, counted and redriven. */
@Controller()
export class DeadLetterController {
  constructor(private readonly index: DeadLetterIndex) {}

  @EventPattern(Handlers.deadLetter)
  async onDeadLetter(@Payload() message: InboundMessage): Promise<void> {
    await this.index.record(message);
    arrivals.inc({ reason: message.headers[DeadLetterHeaders.reason] ?? 'unknown' });
  }
}
