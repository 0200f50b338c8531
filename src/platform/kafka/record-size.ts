import type { Message } from 'kafkajs';

/**
 * A record's bytes on the wire, near enough: key, value, headers and the record's own framing.
 * Text counts as its UTF-8 bytes, as the broker counts it: a string's length in UTF-16 units is up
 * to three times fewer, and a request sized by it can exceed what its topic holds.
 */
export function messageBytes(message: Message): number {
  let bytes = 64 + sizeOf(message.key) + sizeOf(message.value);
  for (const [name, value] of Object.entries(message.headers ?? {}))
    bytes += Buffer.byteLength(name) + (typeof value === 'string' || Buffer.isBuffer(value) ? sizeOf(value) : 16);
  return bytes;
}

const sizeOf = (data: Buffer | string | null | undefined) =>
  data === null || data === undefined ? 0 : typeof data === 'string' ? Buffer.byteLength(data) : data.length;
