import type { IncomingMessage } from 'node:http';

export const JSON_TYPES = ['application/json', 'application/merge-patch+json', 'application/json-patch+json'] as const;

/** The bare media type of a Content-Type header, lower-cased, without parameters. */
export function mediaTypeOf(req: IncomingMessage): string | undefined {
  const header = req.headers['content-type'];
  return header ? header.split(';')[0].trim().toLowerCase() : undefined;
}

export function charsetOf(req: IncomingMessage): string | undefined {
  const match = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(req.headers['content-type'] ?? '');
  return match?.[1].toLowerCase();
}

/** Whether a request carries a body at all (RFC 9112: a length or a transfer coding). */
export function hasBody(req: IncomingMessage): boolean {
  if (req.headers['transfer-encoding'] !== undefined) return true;
  const length = req.headers['content-length'];
  return length !== undefined && length !== '0';
}

/** Whether an Accept header admits JSON; a missing header admits anything. */
export function acceptsJson(accept: string | undefined): boolean {
  if (!accept || !accept.trim()) return true;
  return accept.split(',').some((range) => {
    const [type, ...params] = range.split(';').map((s) => s.trim().toLowerCase());
    const q = params.find((p) => p.startsWith('q='));
    if (q && Number(q.slice(2)) === 0) return false;
    return ['*/*', 'application/*', 'application/json', 'application/problem+json'].includes(type);
  });
}

/** Whether an Accept header admits a media type: exactly, by its type's wildcard, or by the full wildcard. */
export function acceptsMediaType(accept: string | undefined, mediaType: string): boolean {
  if (!accept || !accept.trim()) return true;
  const [type] = mediaType.split('/');
  return accept.split(',').some((range) => {
    const [candidate, ...params] = range.split(';').map((s) => s.trim().toLowerCase());
    const q = params.find((p) => p.startsWith('q='));
    if (q && Number(q.slice(2)) === 0) return false;
    return candidate === '*/*' || candidate === `${type}/*` || candidate === mediaType;
  });
}
