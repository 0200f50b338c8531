/**
 * Log paths that can hold credentials: API keys and session material in request headers, webhook
 * signatures (a valid signature replayed is a valid delivery), and secret-looking fields of any
 * object logged one or two levels deep. Values are replaced, keys kept, so a line still shows
 * that a header was present.
 */
const SECRET_HEADERS = [
  'authorization',
  'cookie',
  'x-api-key',
  'idempotency-key',
  'x-signature',
  'x-webhook-signature',
  'webhook-signature',
  'x-hub-signature-256',
  'proxy-authorization',
];
const SECRET_FIELDS = [
  'secret',
  'secrets',
  'api_key',
  'apiKey',
  'key_hash',
  'password',
  'token',
  'authorization',
  // Endpoint credentials (a subscription's auth) and what an OAuth2 token endpoint answers.
  'client_secret',
  'private_key',
  'access_token',
];

export const REDACTED_PATHS: string[] = [
  ...SECRET_HEADERS.flatMap((h) => [`req.headers["${h}"]`, `headers["${h}"]`, `*.headers["${h}"]`]),
  'res.headers["set-cookie"]',
  ...SECRET_FIELDS.flatMap((f) => [f, `*.${f}`, `*.*.${f}`]),
];

export const REDACTION_CENSOR = '[redacted]';
