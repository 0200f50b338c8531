import { MalformedHeaderError, MissingHeaderError } from './errors.js';

/**
 * Request headers as frameworks hand them over: Node's IncomingHttpHeaders (Express, Fastify,
 * NestJS), a plain record, or a Fetch API Headers object. Names are matched case-insensitively.
 */
export type HeadersLike =
  { get(name: string): string | null } | Readonly<Record<string, string | readonly string[] | undefined>>;

const isFetchHeaders = (headers: HeadersLike): headers is { get(name: string): string | null } =>
  typeof (headers as { get?: unknown }).get === 'function';

/**
 * A header's value, or MissingHeaderError. A header that arrived several times (an array in Node)
 * is joined with `separator`, the list separator of that header, so its entries all count.
 */
export function requireHeader(headers: HeadersLike, name: string, separator = ','): string {
  const value = isFetchHeaders(headers) ? headers.get(name) : lookup(headers, name);
  const joined = Array.isArray(value) ? value.join(separator) : (value as string | null | undefined);
  if (joined === undefined || joined === null || joined.trim() === '') throw new MissingHeaderError(name);
  return joined.trim();
}

function lookup(headers: Readonly<Record<string, string | readonly string[] | undefined>>, name: string) {
  if (name in headers) return headers[name];
  const wanted = name.toLowerCase();
  const key = Object.keys(headers).find((k) => k.toLowerCase() === wanted);
  return key === undefined ? undefined : headers[key];
}

const TIMESTAMP = /^[0-9]{1,15}$/;

/** Unix seconds as a plain decimal integer: no sign, no fraction, no exponent. */
export function parseTimestamp(header: string, value: string): number {
  if (!TIMESTAMP.test(value)) throw new MalformedHeaderError(header, `timestamp "${value}" is not unix seconds`);
  return Number(value);
}
