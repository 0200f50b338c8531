import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { DeadLetterHeaders } from '../../platform/kafka/dead-letter.writer.js';
import type { InboundMessage } from '../../platform/kafka/inbound-message.js';
import { counter } from '../../platform/telemetry/metrics.js';
import { Handlers } from '../../topology.js';
import { DeadLetterIndex } from '../../modules/dead-letters/dead-letter-index.js';

/** Every record reaching the DLQ, whoever parked it (ingest, delivery, retry tiers). */
const arrivals = counter('hookline_dlq_messages_total', 'Records arriving on the DLQ, by reason', ['reason']);

/** <prefix>.dlq → the dead_letters table, so parked records can be found, counted and redriven. */
@Controller()
export class DeadLetterController {
  constructor(private readonly index: DeadLetterIndex) {}

  @EventPattern(Handlers.deadLetter)
  async onDeadLetter(@Payload() message: InboundMessage): Promise<void> {
    await this.index.record(message);
    // A label only for a reason code: a hand-made record on the topic cannot grow the metric's series.
    const reason = message.headers[DeadLetterHeaders.reason] ?? 'unknown';
    arrivals.inc({ reason: /^[a-z_]{1,40}$/.test(reason) ? reason : 'other' });
  }
}
