import { createHash, randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import type { IHeaders, Message } from 'kafkajs';
import { counter } from '../telemetry/metrics.js';
import type { InboundMessage } from './inbound-message.js';
import { KafkaService } from './kafka.service.js';
import { messageBytes } from './record-size.js';
import { RecordRejectedError } from './produce-errors.js';

/** Header names a dead-letter record carries; documented in docs/reference/topics.md. */
export const DeadLetterHeaders = {
  reason: 'hookline-dlq-reason',
  detail: 'hookline-dlq-detail',
  sourceTopic: 'hookline-source-topic',
  sourcePartition: 'hookline-source-partition',
  sourceOffset: 'hookline-source-offset',
  at: 'hookline-dlq-at',
  /** On a pointer record: the dead_letters row holding the bytes the DLQ topic could not. */
  storedAs: 'hookline-dlq-stored-as',
  /** What the parker could read of the record (an ingest refusal's event), so its tenant finds it by id. */
  tenant: 'hookline-dlq-tenant',
  eventId: 'hookline-dlq-event-id',
  eventType: 'hookline-dlq-event-type',
} as const;

/** What is known of a parked record's event, when the parker could read it. */
export interface ParkedEvent {
  tenantId?: string;
  id?: string;
  type?: string;
}

/** Header values of at most this many characters: enough for any valid id or type, bounded for any other. */
const MAX_NAMED_CHARS = 1024;

const parked = counter('hookline_dlq_parked_total', 'Records parked on the DLQ when parked, by reason', ['reason']);

/** A record too large for the DLQ topic, kept in Postgres instead (the dead_letters table). */
export interface OversizedDeadLetter {
  id: string;
  message: Message;
  reason: string;
  detail: string;
  dlq: { topic: string; partition: number; offset: string };
}

/** Where the bytes of a record the DLQ topic cannot hold are kept; implemented by the dead-letters module. */
export interface DeadLetterOverflow {
  storeOversized(letter: OversizedDeadLetter): Promise<void>;
}

/**
 * Parks records on <prefix>.dlq with why and where they came from, keeping their bytes and headers
 * intact so that a redrive can replay them. Resolves only once the record is safely kept. Parking
 * cannot fail for size: a record the DLQ topic refuses goes to Postgres, and a small pointer record
 * on the DLQ names its row.
 */
@Injectable()
export class DeadLetterWriter {
  readonly topic: string;
  private overflow?: DeadLetterOverflow;
  private readonly log = new Logger('DeadLetters');

  constructor(private readonly kafka: KafkaService) {
    this.topic = kafka.topology.deadLetterTopic;
  }

  useOverflow(overflow: DeadLetterOverflow): void {
    this.overflow = overflow;
  }

  /** An inbound record that cannot be processed, with its source coordinates and what is known of its event. */
  async park(message: InboundMessage, reason: string, detail = '', event: ParkedEvent = {}): Promise<void> {
    const named: Record<string, string> = {};
    const name = (header: string, value: string | undefined) => {
      if (value) named[header] = value.slice(0, MAX_NAMED_CHARS);
    };
    name(DeadLetterHeaders.tenant, event.tenantId);
    name(DeadLetterHeaders.eventId, event.id);
    name(DeadLetterHeaders.eventType, event.type);
    await this.write(
      {
        key: message.key,
        value: message.value,
        headers: {
          ...(message.rawHeaders ?? message.headers),
          [DeadLetterHeaders.sourceTopic]: message.topic,
          [DeadLetterHeaders.sourcePartition]: String(message.partition),
          [DeadLetterHeaders.sourceOffset]: message.offset,
          ...named,
        },
      },
      reason,
      detail,
    );
  }

  /** Any record to park (a task that will not be attempted again, an unprocessable record). */
  async write(message: Message, reason: string, detail = ''): Promise<void> {
    const headers: IHeaders = {
      ...message.headers,
      [DeadLetterHeaders.reason]: reason,
      [DeadLetterHeaders.detail]: detail.slice(0, 1000),
      [DeadLetterHeaders.at]: new Date().toISOString(),
    };
    const record = { ...message, headers };
    if (messageBytes(record) > this.kafka.recordLimitBytes) await this.storeOversized(record, reason, detail);
    else {
      try {
        await this.kafka.send(this.topic, [record]);
      } catch (error) {
        if (!(error instanceof RecordRejectedError)) throw error;
        await this.storeOversized(record, reason, detail);
      }
    }
    parked.inc({ reason });
  }

  private async storeOversized(message: Message, reason: string, detail: string): Promise<void> {
    if (!this.overflow) throw new Error(`no dead-letter store for a record too large for ${this.topic}`);
    const id = randomUUID();
    const value = message.value === null || message.value === undefined ? null : Buffer.from(message.value);
    const summary = value ? `${value.length} bytes, sha256 ${createHash('sha256').update(value).digest('hex')}` : '';
    const pointer: Message = {
      key: message.key,
      value: null,
      headers: {
        ...message.headers,
        [DeadLetterHeaders.detail]: `${detail.slice(0, 800)} (record kept in Postgres: ${summary})`,
        [DeadLetterHeaders.storedAs]: id,
      },
    };
    const [meta] = await this.kafka.send(this.topic, [pointer]);
    await this.overflow.storeOversized({
      id,
      message,
      reason,
      detail: `${detail} (too large for ${this.topic}: ${summary})`,
      dlq: { topic: this.topic, partition: meta.partition, offset: meta.baseOffset ?? meta.offset ?? '0' },
    });
    this.log.warn(`parked a record of ${summary} in Postgres (${reason}); pointer on ${this.topic}`);
  }
}
