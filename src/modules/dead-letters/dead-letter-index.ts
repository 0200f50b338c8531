import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { isUtf8 } from 'node:buffer';
import { randomUUID } from 'node:crypto';
import { storableExcerpt, storableHeaders } from '../../platform/database/storable-text.js';
import { isTransient } from '../../platform/errors/transient.js';
import {
  DeadLetterHeaders,
  DeadLetterWriter,
  type DeadLetterOverflow,
  type OversizedDeadLetter,
} from '../../platform/kafka/dead-letter.writer.js';
import { decodeHeaders, type InboundMessage } from '../../platform/kafka/inbound-message.js';
import { counter } from '../../platform/telemetry/metrics.js';
import { DeadLettersRepository, type NewDeadLetter } from './dead-letters.repository.js';

/** Bytes of an oversized record kept whole; beyond, the head is kept with the size and hash in the detail. */
const MAX_STORED_BYTES = 16 * 1024 * 1024;
/** Characters kept of a parked record's detail, and of an event id or type read from it. */
const MAX_DETAIL_CHARS = 4000;
const MAX_NAME_CHARS = 1024;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_INT = 2 ** 31 - 1;
const MAX_BIGINT = 2n ** 63n - 1n;
const FIRST_INSTANT = Date.parse('0001-01-01T00:00:00Z');
const LAST_INSTANT = Date.parse('9999-12-31T23:59:59Z');

const unparsed = counter(
  'hookline_dlq_unparsed_total',
  'Dead letters indexed with their bytes only, by why their value is not kept as JSON',
  ['why'],
);

/** A parked record's value as far as it can be read. */
interface ReadValue {
  json: Record<string, unknown> | null;
  text: string | null;
  unparsed: string | null;
}

/**
 * The queryable index of <prefix>.dlq: one row per parked record with why, where from, which event
 * (when its id and type can be read), and the bytes, plus the JSON when the bytes are JSON Postgres
 * can hold. Indexing cannot fail for what a record holds: every text is stored made safe, and a
 * value that is not JSON (or that jsonb refuses) is kept as bytes with the reason in
 * payload_unparsed. A DLQ record read twice is stored once. It also keeps the records too large for
 * the DLQ topic, under the coordinates of their pointer records.
 */
@Injectable()
export class DeadLetterIndex implements DeadLetterOverflow, OnModuleInit {
  private readonly log = new Logger('DeadLetterIndex');

  constructor(
    private readonly repository: DeadLettersRepository,
    private readonly writer: DeadLetterWriter,
  ) {}

  onModuleInit(): void {
    this.writer.useOverflow(this);
  }

  /** A pointer record indexed first (by the DLQ consumer) gets the bytes here; else the consumer's insert is a no-op. */
  async storeOversized(letter: OversizedDeadLetter): Promise<void> {
    const value = letter.message.value ? Buffer.from(letter.message.value) : null;
    const message = {
      topic: letter.dlq.topic,
      partition: letter.dlq.partition,
      offset: letter.dlq.offset,
      key: null,
      value: value && value.length > MAX_STORED_BYTES ? value.subarray(0, MAX_STORED_BYTES) : value,
      headers: {
        ...decodeHeaders(letter.message.headers),
        [DeadLetterHeaders.detail]: letter.detail,
        [DeadLetterHeaders.storedAs]: letter.id,
      },
    };
    await this.store(rowOf(message, letter.id), 'replace');
  }

  async record(message: InboundMessage): Promise<void> {
    await this.store(rowOf(message, randomUUID()), 'keep');
  }

  /** The row; should Postgres refuse its JSON (jsonb's own limits), the row again with the bytes alone. */
  private async store(row: NewDeadLetter, onConflict: 'keep' | 'replace'): Promise<void> {
    try {
      await this.repository.insert(row, onConflict);
    } catch (error) {
      if (isTransient(error) || row.payloadJson === null) throw error;
      this.log.warn(
        `dead letter ${row.dlq.topic}/${row.dlq.partition}@${row.dlq.offset}: kept as bytes: ${String(error)}`,
      );
      unparsed.inc({ why: 'not_storable_as_jsonb' });
      await this.repository.insert({ ...row, payloadJson: null, payloadUnparsed: 'not_storable_as_jsonb' }, onConflict);
    }
  }
}

/** The row of a DLQ record, every text made storable whatever the record holds. */
function rowOf(message: Omit<InboundMessage, 'group' | 'timestamp'>, id: string): NewDeadLetter {
  const h = message.headers;
  const value = read(message.value);
  if (value.unparsed) unparsed.inc({ why: value.unparsed });
  const json = value.json;
  const event = (json?.type === 'DeliveryTaskV1' || json?.type === 'AlertEventV1' ? json.event : json) as
    Record<string, unknown> | null | undefined;
  const name = (text: unknown) =>
    typeof text === 'string' && text.length > 0 ? storableExcerpt(text, MAX_NAME_CHARS) : null;
  return {
    id,
    tenantId: name(h[DeadLetterHeaders.tenant] || h['tenant-id'] || json?.tenant_id),
    subscriptionId:
      typeof json?.subscription_id === 'string' && UUID.test(json.subscription_id) ? json.subscription_id : null,
    reason: storableExcerpt(h[DeadLetterHeaders.reason] || 'unknown', 100),
    detail: storableExcerpt(h[DeadLetterHeaders.detail] ?? '', MAX_DETAIL_CHARS),
    eventId: name(h[DeadLetterHeaders.eventId] || event?.id),
    eventType: name(h[DeadLetterHeaders.eventType] || event?.type),
    source: {
      topic: name(h[DeadLetterHeaders.sourceTopic]),
      partition: numberOrNull(bounded(h[DeadLetterHeaders.sourcePartition], BigInt(MAX_INT))),
      offset: bounded(h[DeadLetterHeaders.sourceOffset], MAX_BIGINT),
    },
    dlq: { topic: message.topic, partition: message.partition, offset: message.offset },
    headers: storableHeaders(h),
    payload: message.value,
    payloadJson: json ? value.text : null,
    payloadUnparsed: value.unparsed,
    parkedAt: instant(h[DeadLetterHeaders.at]),
  };
}

function read(value: Buffer | null): ReadValue {
  if (!value || value.length === 0) return { json: null, text: null, unparsed: null };
  if (value[0] === 0) return { json: null, text: null, unparsed: 'registry_framed' };
  if (!isUtf8(value)) return { json: null, text: null, unparsed: 'not_utf8' };
  const text = value.toString('utf8');
  try {
    const parsed: unknown = JSON.parse(text);
    const object = typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed);
    return object
      ? { json: parsed as Record<string, unknown>, text, unparsed: null }
      : { json: null, text, unparsed: 'not_an_object' };
  } catch {
    return { json: null, text: null, unparsed: 'not_json' };
  }
}

/** A Kafka coordinate written as digits that its column can hold, else null. */
function bounded(text: string | undefined, max: bigint): string | null {
  return text && /^\d{1,19}$/.test(text) && BigInt(text) <= max ? text : null;
}

const numberOrNull = (digits: string | null) => (digits === null ? null : Number(digits));

/** An ISO 8601 instant from a header, in a form Postgres reads (years 1 to 9999), else null. */
function instant(text: string | undefined): string | null {
  const ms = text === undefined ? NaN : Date.parse(text);
  if (Number.isNaN(ms) || ms < FIRST_INSTANT || ms > LAST_INSTANT) return null;
  return new Date(ms).toISOString();
}
