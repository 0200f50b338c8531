import type { ServerResponse } from 'node:http';

/**
 * What the service's own HTML pages (the console, the API docs) may do: load their own files and
 * talk to this API only. No CDN, no outside calls, no framing. Styles allow 'unsafe-inline': the
 * console's chart library sizes its canvas with style attributes, and Swagger UI's page carries an
 * inline style block.
 */
export const PAGE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'self'",
].join('; ');

/** The headers every page answer carries. */
export function setPageSecurityHeaders(res: ServerResponse): void {
  res.setHeader('Content-Security-Policy', PAGE_CSP);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'no-referrer');
}
