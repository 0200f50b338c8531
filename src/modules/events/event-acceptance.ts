import { Injectable } from '@nestjs/common';
import { AppConfig } from '../../platform/config/app-config.js';
import type { InboundMessage } from '../../platform/kafka/inbound-message.js';
import { stringifyExact, withPlainNumbers } from '../../platform/json/exact-json.js';
import { memberText, unsafeIntegersAsStrings } from '../../platform/json/json-text.js';
import { DataValidator } from './data-validator.js';
import { checkEnvelope, type EventEnvelope } from './envelope.js';
import { EventDecoder, type DecodedRecord, type WireFormat } from './event-decoder.js';
import { PoisonMessageError, type RefusedEvent } from './ingest-errors.js';
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

  /** The event as accepted, or a PoisonMessageError carrying what can be read of the event. */
  async accept(message: AcceptanceInput): Promise<AcceptedEvent> {
    const size = message.value?.length ?? 0;
    if (size > this.config.limits.maxEventBytes)
      throw new PoisonMessageError(
        'too_large',
        `the event is ${size} bytes; MAX_EVENT_BYTES is ${this.config.limits.maxEventBytes}`,
      );
    const decoded = await this.decoder.decode(message.value);
    try {
      return this.check(message, decoded);
    } catch (error) {
      // What can be read of a refused event goes with its dead letter, so its tenant finds it by id.
      if (error instanceof PoisonMessageError) error.event = this.readable(decoded.value, message);
      throw error;
    }
  }

  private check(message: AcceptanceInput, decoded: DecodedRecord): AcceptedEvent {
    const envelope = checkEnvelope(decoded.value);
    const tenantId = resolveTenant(message.headers['tenant-id'], envelope.tenant_id, this.config.ingest.defaultTenant);
    this.validator.check(envelope.type, decoded.exact ? withPlainNumbers(envelope.data) : envelope.data);
    const dataText = this.dataText(decoded, envelope);
    this.checkDeliveredSize(dataText);
    return { format: decoded.format, envelope, tenantId, dataText };
  }

  /**
   * MAX_EVENT_BYTES bounds what is delivered too. Avro's binary can be far smaller than the JSON it
   * is delivered as (900 KB of booleans is 5 MB of text); such an event would be parked at its first
   * retry, which the retry topics could not hold, so it is parked here instead.
   */
  private checkDeliveredSize(dataText: string): void {
    const { maxEventBytes } = this.config.limits;
    if (dataText.length <= maxEventBytes / 3) return; // UTF-8 takes at most 3 bytes a UTF-16 unit
    const bytes = Buffer.byteLength(dataText);
    if (bytes > maxEventBytes)
      throw new PoisonMessageError(
        'too_large',
        `the event's data is ${bytes} bytes as JSON; MAX_EVENT_BYTES is ${maxEventBytes}`,
      );
  }

  /**
   * `data` as it is stored and delivered: the producer's own text wherever there is one (JSON, a
   * JSON Schema frame, an Avro string holding JSON), so every character, number and space arrives
   * as written; an Avro record's data is written once here, every digit kept.
   */
  private dataText(decoded: DecodedRecord, envelope: EventEnvelope): string {
    const written = envelope.dataJson ?? (decoded.text === undefined ? undefined : memberText(decoded.text, 'data'));
    if (written === undefined) return stringifyExact(envelope.data, decoded.exact);
    return this.config.ingest.decoding.bigIntegersAs === 'string' ? unsafeIntegersAsStrings(written) : written;
  }

  private readable(value: unknown, message: AcceptanceInput): RefusedEvent {
    const envelope = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
    const text = (field: unknown) => (typeof field === 'string' && field.length > 0 ? field : undefined);
    let tenantId: string | undefined;
    try {
      tenantId = resolveTenant(
        message.headers['tenant-id'],
        text(envelope.tenant_id),
        this.config.ingest.defaultTenant,
      );
    } catch {
      // no tenant can be named: the dead letter is an operator's to find
    }
    return { id: text(envelope.id), type: text(envelope.type), tenantId };
  }
}
