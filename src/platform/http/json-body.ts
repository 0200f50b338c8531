import type { IncomingMessage, ServerResponse } from 'node:http';
import { AppError } from '../errors/app-error.js';
import { failEarly } from './deferred-error.js';
import { nestsDeeperThan } from '../json/json-text.js';
import { MAX_BODY_DEPTH, refusedContent } from './json-limits.js';
import { charsetOf, hasBody, JSON_TYPES, mediaTypeOf } from './media-type.js';

export type RequestWithBody = IncomingMessage & { body?: unknown; rawBody?: string };

/**
 * Parses JSON bodies ourselves (Nest's parser is off) so every failure has its own code: 415 for
 * a media type, charset or encoding we do not take, 413 past the limit, 400 for malformed JSON and
 * for what json-limits.ts refuses (bytes that are not UTF-8, too deep, I-JSON, `__proto__`).
 * The raw text is kept: publishing delivers an event's data exactly as it was written.
 */
export function jsonBodyMiddleware(limitBytes: number, deferErrors: boolean) {
  return (req: IncomingMessage, res: ServerResponse, next: () => void) => {
    parse(req as RequestWithBody, limitBytes).then(next, (error: unknown) =>
      failEarly(deferErrors, req, res, next, error),
    );
  };
}

async function parse(req: RequestWithBody, limit: number): Promise<void> {
  if (!hasBody(req)) return;
  const type = mediaTypeOf(req);
  if (!type || !(JSON_TYPES as readonly string[]).includes(type)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', `Content-Type must be one of ${JSON_TYPES.join(', ')}.`);
  }
  const charset = charsetOf(req);
  if (charset && charset !== 'utf-8' && charset !== 'utf8') {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Only the utf-8 charset is accepted.');
  }
  const encoding = req.headers['content-encoding'];
  if (encoding && encoding.toLowerCase() !== 'identity') {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Compressed request bodies are not accepted.');
  }
  const raw = await readLimited(req, limit);
  req.rawBody = raw;
  if (raw.trim() === '') return;
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    throw new AppError('INVALID_FORMAT', 'The request body is not valid JSON.');
  }
  if (nestsDeeperThan(body, MAX_BODY_DEPTH))
    throw new AppError('INVALID_FORMAT', `The request body nests deeper than ${MAX_BODY_DEPTH} levels.`);
  const refused = refusedContent(body);
  if (refused) throw new AppError('INVALID_FORMAT', `The request body has ${refused}.`);
  req.body = body;
}

const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** The body as text; bytes that are not UTF-8 are refused, not replaced with U+FFFD. */
function decode(bytes: Buffer): string {
  try {
    return UTF8.decode(bytes);
  } catch {
    throw new AppError('INVALID_FORMAT', 'The request body is not valid UTF-8.');
  }
}

function readLimited(req: IncomingMessage, limit: number): Promise<string> {
  const tooLarge = () => new AppError('PAYLOAD_TOO_LARGE', `The request body exceeds ${limit} bytes.`);
  if (Number(req.headers['content-length'] ?? 0) > limit) return Promise.reject(tooLarge());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.off('data', onData);
        req.resume(); // drain the rest so the connection can answer
        return reject(tooLarge());
      }
      chunks.push(chunk);
    };
    req.on('data', onData);
    req.once('end', () => {
      try {
        resolve(decode(Buffer.concat(chunks)));
      } catch (error) {
        reject(error);
      }
    });
    req.once('error', () => reject(new AppError('INVALID_FORMAT', 'The request body could not be read.')));
  });
}
