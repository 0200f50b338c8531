import type { IHeaders, KafkaMessage } from 'kafkajs';

/** One Kafka record as handlers see it: raw bytes, headers decoded to strings. */
export interface InboundMessage {
  topic: string;
  /** The consumer group that read it (the consumer spans name it). */
  group: string;
  partition: number;
  offset: string;
  key: Buffer | null;
  value: Buffer | null;
  headers: Record<string, string>;
  /** The headers as the record carried them (bytes, repeated ones too): a dead letter keeps these. */
  rawHeaders?: IHeaders;
  /** Broker or producer timestamp, ms since epoch. */
  timestamp: number;
  /**
   * Set by the consumer base for a record its partition's previous owner may have begun: the last
   * commit's offset map neither marks it finished nor puts it past what that owner could begin
   * (docs/design/replay.md). Its effects may have happened after that commit, so handlers with
   * effects outside Kafka look at what is on record before repeating them. Records the map marks
   * finished never reach a handler.
   */
  mayBeReplay?: boolean;
  /**
   * Set by the consumer base: the handler calls it once the record's own writes are durable and only
   * hand-offs remain (deliveries under way). The record is not finished, and its offset is not
   * committed, until the handler returns; WrittenWatermarks tells readers of those writes how far
   * they are complete.
   */
  markWritten?: () => void;
  /** Set by the consumer base when the record must step aside (its key's endpoint stalls): defer it, do not process it. */
  stepAside?: boolean;
}

export function decodeHeaders(headers: Record<string, unknown> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    const first = Array.isArray(value) ? value[0] : value;
    if (first !== undefined && first !== null)
      out[name] = Buffer.isBuffer(first) ? first.toString('utf8') : String(first);
  }
  return out;
}

/** A record of a fetched batch as handlers see it. */
export function toInbound(topic: string, group: string, partition: number, raw: KafkaMessage): InboundMessage {
  return {
    topic,
    group,
    partition,
    offset: raw.offset,
    key: raw.key ?? null,
    value: raw.value ?? null,
    headers: decodeHeaders(raw.headers),
    rawHeaders: raw.headers,
    timestamp: Number(raw.timestamp),
    mayBeReplay: false,
  };
}
