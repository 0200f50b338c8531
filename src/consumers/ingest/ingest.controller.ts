import { Controller, Logger } from '@nestjs/common';
import type { Span } from '@opentelemetry/api';
import { EventPattern, Payload } from '@nestjs/microservices';
import { DeadLetterWriter } from '../../platform/kafka/dead-letter.writer.js';
import type { InboundMessage } from '../../platform/kafka/inbound-message.js';
import { traceConsumed } from '../../platform/telemetry/messaging-spans.js';
import { counter } from '../../platform/telemetry/metrics.js';
import { failSpan } from '../../platform/telemetry/tracing.js';
import { Handlers } from '../../topology.js';
import { PoisonMessageError } from '../../modules/events/ingest-errors.js';
import { IngestService } from '../../modules/events/ingest.service.js';
import { MatchingLease } from '../../modules/matching/matching-lease.js';

const poison = counter('hookline_ingest_poison_total', 'Ingest records parked on the DLQ', ['reason']);

/**
 * Ingest topics → delivery tasks. A record is finished when its tasks are acknowledged by the
 * broker, or when it is parked on the DLQ because it can never become an event; either way the
 * partition moves on.
 */
@Controller()
export class IngestController {
  private readonly log = new Logger('Ingest');

  constructor(
    private readonly ingest: IngestService,
    private readonly deadLetters: DeadLetterWriter,
    lease: MatchingLease,
  ) {
    lease.hold();
  }

  /** In a span whose parent is the producer's traceparent header: the event's trace starts upstream. */
  @EventPattern(Handlers.ingest)
  onRecord(@Payload() message: InboundMessage): Promise<void> {
    return traceConsumed(message, (span) => this.process(message, span));
  }

  private async process(message: InboundMessage, span: Span): Promise<void> {
    try {
      await this.ingest.ingest(message);
    } catch (error) {
      if (!(error instanceof PoisonMessageError)) throw error;
      await this.deadLetters.park(message, error.reason, error.message, error.event);
      poison.inc({ reason: error.reason });
      failSpan(span, error);
      this.log.warn(
        `parked ${message.topic}/${message.partition}@${message.offset} on the DLQ: ${error.reason}: ${error.message}`,
      );
    }
  }
}
