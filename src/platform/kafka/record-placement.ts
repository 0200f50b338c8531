import { createHash } from 'node:crypto';
import {
  Partitioners,
  type ICustomPartitioner,
  type Message,
  type PartitionerArgs,
  type RecordMetadata,
} from 'kafkajs';
import { tracingActive } from '../telemetry/sdk.js';

/**
 * Where a send's records went, as far as one place describes them: the partition when they all
 * went to one, and the offset when the send was a single record. The producer spans name it.
 */
export interface Placement {
  partition: number;
  offset?: string;
}

/** The partition kafkajs chose for each record sent while tracing; weak, so nothing outlives its record. */
const chosen = new WeakMap<Message, number>();

/**
 * Bytes of a key kafkajs hashes as it is. Its murmur2 runs in JavaScript and grows faster than the
 * key: 12 s for 256 KiB, minutes for a megabyte, all on the event loop. Keys Hookline writes are
 * short; a hostile record parked with its key need not be.
 */
export const LONGEST_HASHED_KEY = 1024;

/** The record as the partitioner sees it: a longer key stands for itself by its SHA-256 digest. */
export function hashableRecord(args: PartitionerArgs): PartitionerArgs {
  const { key } = args.message;
  if (key === null || key === undefined || Buffer.byteLength(key) <= LONGEST_HASHED_KEY) return args;
  return { ...args, message: { ...args.message, key: createHash('sha256').update(key).digest() } };
}

/**
 * kafkajs's default partitioner on hashableRecord, noting each record's partition while tracing: the
 * broker's answer names only partitions and base offsets, not which record went where. Off, it
 * costs one check.
 */
export const notingPartitioner: ICustomPartitioner = () => {
  const choose = Partitioners.DefaultPartitioner();
  return (args) => {
    const partition = choose(hashableRecord(args));
    if (tracingActive()) chosen.set(args.message, partition);
    return partition;
  };
};

/** A send of one topic's records, answered by `metadata` (one entry per partition written). */
export function placementOfSend(metadata: RecordMetadata[], records: number): Placement | undefined {
  if (metadata.length !== 1) return undefined;
  const [{ partition, baseOffset }] = metadata;
  return records === 1 && baseOffset !== undefined ? { partition, offset: baseOffset } : { partition };
}

/**
 * The placement of each send of one produce request. A partition's records get consecutive offsets
 * from its base offset, in the order the request lists them (kafkajs keeps the sends' order).
 */
export function placementsOfRequest(
  sends: readonly { topic: string; messages: Message[] }[],
  metadata: RecordMetadata[],
  partitionOf: (message: Message) => number | undefined = (message) => chosen.get(message),
): (Placement | undefined)[] {
  const next = new Map<string, number>();
  for (const m of metadata)
    if (m.baseOffset !== undefined) next.set(`${m.topicName}/${m.partition}`, Number(m.baseOffset));
  return sends.map(({ topic, messages }) => {
    let shared: number | undefined;
    let offset: number | undefined;
    let mixed = false;
    for (const message of messages) {
      const partition = partitionOf(message);
      if (partition === undefined) {
        mixed = true;
        continue;
      }
      const key = `${topic}/${partition}`;
      offset = next.get(key);
      if (offset !== undefined) next.set(key, offset + 1);
      if (shared !== undefined && shared !== partition) mixed = true;
      shared = partition;
    }
    if (mixed || shared === undefined) return undefined;
    return messages.length === 1 && offset !== undefined
      ? { partition: shared, offset: String(offset) }
      : { partition: shared };
  });
}

/** Several parts of one caller's send (chunks): one placement when they agree on the partition. */
export function combinePlacements(parts: (Placement | undefined)[]): Placement | undefined {
  if (parts.length === 1) return parts[0];
  const [first] = parts;
  return first && parts.every((p) => p?.partition === first.partition) ? { partition: first.partition } : undefined;
}
