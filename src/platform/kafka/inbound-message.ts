import type { KafkaMessage } from 'kafkajs';

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
  /** Broker or producer timestamp, ms since epoch. */
  timestamp: number;
  /**
   * Set by the consumer base for the first records of a partition it took over (REPLAY_WINDOW_PER_SLOT): the
   * previous owner may have processed them and crashed before committing. Handlers with effects
   * outside Kafka check what is on record before repeating them.
   */
  mayBeReplay?: boolean;
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
    timestamp: Number(raw.timestamp),
    mayBeReplay: false,
  };
}
