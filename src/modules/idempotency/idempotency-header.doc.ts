import { KEY_FORMAT } from './idempotency.interceptor.js';

/** The Idempotency-Key header as the OpenAPI document states it, for every operation that takes it. */
export const IDEMPOTENCY_DOC = {
  name: 'Idempotency-Key',
  required: false,
  description: 'Replays the stored response of an earlier identical request (24 h)',
  schema: { type: 'string', pattern: KEY_FORMAT.source },
};
