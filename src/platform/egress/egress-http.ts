import { readFileSync } from 'node:fs';
import { getCACertificates } from 'node:tls';

const MAX_BODY_READ = 64 * 1024;

/**
 * The whole exchange's deadline, cleared as soon as it is over. AbortSignal.timeout keeps each
 * request's signal and timer until a major collection (or DELIVERY_TIMEOUT_MS) after its answer,
 * so at a thousand deliveries a second every one of them outlived the young generation.
 */
export class Deadline {
  private readonly controller = new AbortController();
  private readonly timer: NodeJS.Timeout;

  constructor(timeoutMs: number) {
    this.timer = setTimeout(
      () => this.controller.abort(new DOMException(`no complete answer within ${timeoutMs} ms`, 'TimeoutError')),
      timeoutMs,
    ).unref();
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  clear(): void {
    clearTimeout(this.timer);
  }
}

export function parseHttpsUrl(url: string): URL | string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'not an absolute URL';
  }
  return parsed.protocol === 'https:' ? parsed : `only https URLs are allowed, not ${parsed.protocol}`;
}

/** Reads at most 64 KiB; stopping early destroys the stream, so an endless body costs nothing more. */
export async function readBounded(body: AsyncIterable<Buffer> & { destroy(): void }): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    chunks.push(chunk);
    size += chunk.length;
    if (size >= MAX_BODY_READ) {
      body.destroy();
      break;
    }
  }
  return Buffer.concat(chunks).subarray(0, MAX_BODY_READ);
}

export function flattenHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return flat;
}

/** The bundled and system roots, plus the operator's own CA (private PKI, tests). */
export function trustedCertificates(caFile: string): string[] {
  const roots = new Set([...getCACertificates('default'), ...getCACertificates('system')]);
  if (caFile) roots.add(readFileSync(caFile, 'utf8'));
  return [...roots];
}
