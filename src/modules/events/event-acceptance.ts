import { Injectable } from '@nestjs/common';
import { AppConfig } from '../../platform/config/app-config.js';
import type { InboundMessage } from '../../platform/kafka/inbound-message.js';
import { hasExactNumbers, stringifyExact, withPlainNumbers } from '../../platform/json/exact-json.js';
import { DataValidator } from './data-validator.js';
import { checkEnvelope, type EventEnvelope } from './envelope.js';
import { EventDecoder, type WireFormat } from './event-decoder.js';
import { PoisonMessageError } from './ingest-errors.js';
import { resolveTenant } from './tenant.js';

/** An ingest record that passed every check: its envelope, tenant, and data serialised once. */
export interface AcceptedEvent {
  format: WireFormat;
  envelope: EventEnvelope;
  tenantId: string;
  dataText: string;
}

/** What acceptance reads of a record: its bytes and headers (a Kafka record, or one the publish API will produce). */
export type AcceptanceInput = Pick<InboundMessage, 'value' | 'headers'>;

/**
 * Whether a record can become an event, by the one set of rules: size, decoding, envelope, tenant
 * and data against the catalog. Ingest applies it to what it reads, the publish API to what it is
 * about to produce, so an event published over HTTP is refused for exactly what would park it.
 */
@Injectable()
export class EventAcceptance {
  constructor(
    private readonly config: AppConfig,
    private readonly decoder: EventDecoder,
    private readonly validator: DataValidator,
  ) {}

  /** The event as accepted, or a PoisonMessageError. */
  async accept(message: AcceptanceInput): Promise<AcceptedEvent> {
    const size = message.value?.length ?? 0;
    if (size > this.config.env.MAX_EVENT_BYTES)
      throw new PoisonMessageError(
        'too_large',
        `the event is ${size} bytes; MAX_EVENT_BYTES is ${this.config.env.MAX_EVENT_BYTES}`,
      );
    const decoded = await this.decoder.decode(message.value);
    const { format } = decoded;
    const envelope = checkEnvelope(decoded.value, this.config.env.BIG_INTEGERS_AS);
    const tenantId = resolveTenant(message.headers['tenant-id'], envelope.tenant_id, this.config.env.DEFAULT_TENANT);
    // Avro may carry data as a JSON string, parsed (with its big numbers) only by checkEnvelope.
    const exact = decoded.exact || (format === 'registry' && hasExactNumbers(envelope.data));
    this.validator.check(envelope.type, exact ? withPlainNumbers(envelope.data) : envelope.data);
    // Serialised once: the stored payload and every subscription's body embed this text.
    return { format, envelope, tenantId, dataText: stringifyExact(envelope.data, exact) };
  }
}
