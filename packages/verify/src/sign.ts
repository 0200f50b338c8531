import { createHmac } from 'node:crypto';
import { standardWebhooksKey } from './schemes.js';

export interface SignInput {
  /** webhook-id: Hookline sends the event id. */
  id: string;
  /** Unix seconds; default now. */
  timestamp?: number;
  body: string | Uint8Array;
  /** One signature per secret in each header, in this order, as Hookline does during a rotation. */
  secrets: string | readonly string[];
}

/**
 * The signature headers Hookline sends, by lowercase name, ready for a test request. A type, not
 * an interface, so that it passes wherever a plain header record is expected.
 */
export type SignedHeaders = {
  'x-signature': string;
  'x-webhook-signature': string;
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
};

/**
 * Signs a body the way Hookline signs a delivery, for consumers' tests: post it with these
 * headers and your verifying endpoint should accept it.
 */
export function sign(input: SignInput): SignedHeaders {
  const secrets = typeof input.secrets === 'string' ? [input.secrets] : input.secrets;
  if (secrets.length === 0) throw new TypeError('sign needs at least one secret');
  const t = String(Math.floor(input.timestamp ?? Date.now() / 1000));
  const body = typeof input.body === 'string' ? Buffer.from(input.body, 'utf8') : Buffer.from(input.body);
  const hmac = (key: string | Buffer, prefix: string) => createHmac('sha256', key).update(prefix, 'utf8').update(body);
  return {
    'x-signature': secrets.map((s) => `sha256=${hmac(s, '').digest('hex')}`).join(','),
    'x-webhook-signature': [`t=${t}`, ...secrets.map((s) => `v1=${hmac(s, `${t}.`).digest('hex')}`)].join(','),
    'webhook-id': input.id,
    'webhook-timestamp': t,
    'webhook-signature': secrets
      .map((s) => `v1,${hmac(standardWebhooksKey(s), `${input.id}.${t}.`).digest('base64')}`)
      .join(' '),
  };
}
