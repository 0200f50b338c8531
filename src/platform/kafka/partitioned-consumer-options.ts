import type { Logger } from '@nestjs/common';
import type { InboundMessage } from './inbound-message.js';
import type { KeyPressure } from './key-pressure.js';

/** What a PartitionedConsumer reads, how much it holds, and whom it calls. */
export interface PartitionedConsumerOptions {
  topic: string;
  groupId: string;
  fromBeginning: boolean;
  maxInFlight: number;
  maxInFlightPerKey: number;
  /** KAFKA_SESSION_TIMEOUT_MS: how long the group waits for this member when it falls silent. */
  sessionTimeoutMs: number;
  /** Fetch size per partition: at least the largest record the topic holds, so one never stalls a fetch. */
  maxBytesPerPartition: number;
  /** Bytes of records buffered (waiting or in flight) at most, beside the count bound. */
  maxBufferedBytes?: number;
  /** Retry tiers: the time before which a record must not be processed; records after it wait too. */
  dueAt?: (message: InboundMessage) => number;
  handle: (message: InboundMessage) => Promise<void>;
  /**
   * Records of a key whose endpoint stalls may step aside instead of waiting in the buffer: they are
   * handed to handle with `stepAside: true` (the handler defers them, e.g. to a retry tier), so a
   * hanging subscription never holds the partition for the others.
   */
  stepAside?: boolean;
  /** Judges the keys (whether one stalls) and the buffer's waits; the consumer base never does. */
  pressure: KeyPressure;
  /**
   * Called when handle kept failing: must park the record (DLQ) or throw to be tried again. None for
   * the DLQ's own consumer: a record is never parked onto the topic it was read from.
   */
  quarantine?: (message: InboundMessage, error: unknown) => Promise<void>;
  /** Kafka stopped this consumer (refused it, or lost it beyond kafkajs's retries); it starts again by itself. */
  onKafkaFailure?: (error: unknown) => void;
  /** The consumer (re)joined its group. */
  onKafkaRecovered?: () => void;
  logger: Logger;
}
