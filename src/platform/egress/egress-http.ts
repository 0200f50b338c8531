import { readFileSync } from 'node:fs';
import { getCACertificates } from 'node:tls';
import { LRUCache } from 'lru-cache';

const MAX_BODY_READ = 64 * 1024;

/** A request still open at the shutdown's deadline (SHUTDOWN_TIMEOUT_MS): classified as an abort (timeout). */
export class RequestCutError extends DOMException {
  constructor() {
    super('the request was cut by the shutdown (SHUTDOWN_TIMEOUT_MS) before a complete answer', 'AbortError');
  }
}

/**
 * The whole exchange's deadline, cleared as soon as it is over. AbortSignal.timeout keeps each
 * request's signal and timer until a major collection (or DELIVERY_TIMEOUT_MS) after its answer,
 * so at a thousand deliveries a second every one of them outlived the young generation.
 */
export class Deadline {
  private readonly controller = new AbortController();
  private readonly timer: NodeJS.Timeout;

  /** `statedMs`: the timeout the message names (the whole post's, when a token or a first try took part of it). */
  constructor(timeoutMs: number, statedMs = timeoutMs) {
    this.timer = setTimeout(
      () => this.controller.abort(new DOMException(`no complete answer within ${statedMs} ms`, 'TimeoutError')),
      timeoutMs,
    ).unref();
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** Aborted by cut(), not by its own timeout. */
  get wasCut(): boolean {
    return this.controller.signal.reason instanceof RequestCutError;
  }

  /** Ends the exchange now (the shutdown's deadline): undici aborts the request and destroys its connection. */
  cut(): void {
    if (!this.controller.signal.aborted) this.controller.abort(new RequestCutError());
  }

  clear(): void {
    clearTimeout(this.timer);
  }
}

/** Endpoint URLs parsed lately: a subscription's every request goes to the same one (never mutated). */
const parsedUrls = new LRUCache<string, URL | string>({ max: 10_000 });

/** The URL to request, or why it cannot be; parsed once per URL while it stays in use. */
export function parseHttpsUrl(url: string): URL | string {
  let parsed = parsedUrls.get(url);
  if (parsed === undefined) parsedUrls.set(url, (parsed = parseOnce(url)));
  return parsed;
}

function parseOnce(url: string): URL | string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'not an absolute URL';
  }
  return parsed.protocol === 'https:' ? parsed : `only https URLs are allowed, not ${parsed.protocol}`;
}

/** What readBounded reads: a response body stream (undici's). */
interface BodyStream {
  on(event: 'data', listener: (chunk: Buffer) => void): unknown;
  once(event: 'end' | 'error' | 'close', listener: (error?: Error) => void): unknown;
  destroy(): void;
}

/**
 * Reads at most 64 KiB; stopping early destroys the stream, so an endless body costs nothing more.
 * Listeners, not an async iterator: most answers are a chunk or none, and an iterator costs several
 * objects and promises each.
 */
export function readBounded(body: BodyStream): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let [size, settled] = [0, false];
    const finish = (error?: Error) => {
      if (settled) return;
      settled = true;
      if (error) return reject(error);
      resolve(
        chunks.length === 1 && size <= MAX_BODY_READ ? chunks[0] : Buffer.concat(chunks).subarray(0, MAX_BODY_READ),
      );
    };
    body.on('data', (chunk) => {
      if (settled) return;
      chunks.push(chunk);
      size += chunk.length;
      if (size < MAX_BODY_READ) return;
      finish();
      body.destroy();
    });
    // An Error is made only when it settles the read: 'close' follows every 'end', and a stack trace per answer shows in profiles.
    const failed = (make: () => Error) => settled || finish(make());
    body.once('end', () => finish());
    body.once('error', (error) => failed(() => error ?? new Error('the answer could not be read')));
    body.once('close', () => failed(() => new Error('the connection closed before the answer ended')));
  });
}

export function flattenHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return flat;
}

/**
 * Layers of request headers as one: a later layer's name replaces an earlier one's whatever the case
 * (a plain spread would keep both `user-agent` and `User-Agent`, and undici would send both).
 */
export function mergeHeaders(...layers: (Readonly<Record<string, string>> | undefined)[]): Record<string, string> {
  const merged = new Map<string, [name: string, value: string]>();
  for (const layer of layers)
    for (const [name, value] of Object.entries(layer ?? {})) merged.set(name.toLowerCase(), [name, value]);
  return Object.fromEntries(merged.values());
}

/** The bundled and system roots, plus the operator's own CA (private PKI, tests). */
export function trustedCertificates(caFile: string): string[] {
  const roots = new Set([...getCACertificates('default'), ...getCACertificates('system')]);
  if (caFile) roots.add(readFileSync(caFile, 'utf8'));
  return [...roots];
}
