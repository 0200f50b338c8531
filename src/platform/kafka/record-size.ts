import type { Message } from 'kafkajs';

/** A record's bytes on the wire, near enough: key, value, headers and the record's own framing. */
export function messageBytes(message: Message): number {
  let bytes = 64 + (message.key?.length ?? 0) + (message.value?.length ?? 0);
  for (const [name, value] of Object.entries(message.headers ?? {}))
    bytes += name.length + (typeof value === 'string' || Buffer.isBuffer(value) ? value.length : 16);
  return bytes;
}
