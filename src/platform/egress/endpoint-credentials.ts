import { createHash } from 'node:crypto';

/** OAuth2 client authentication at the token endpoint (RFC 6749 §2.3.1): an HTTP Basic header, or the form body. */
export const OAUTH2_CLIENT_AUTH = ['basic', 'post'] as const;
export type OAuth2ClientAuth = (typeof OAUTH2_CLIENT_AUTH)[number];

export const AUTH_TYPES = ['basic', 'bearer', 'oauth2_client_credentials', 'mtls'] as const;
export type AuthType = (typeof AUTH_TYPES)[number];

/** How an endpoint authenticates Hookline, decrypted: what egress applies to each request. */
export type EndpointAuth =
  | { type: 'basic'; username: string; password: string }
  | { type: 'bearer'; token: string }
  | {
      type: 'oauth2_client_credentials';
      token_url: string;
      client_id: string;
      client_secret: string;
      scope?: string;
      audience?: string;
      client_auth: OAuth2ClientAuth;
    }
  | { type: 'mtls'; certificate: string; private_key: string };

/**
 * A subscription's endpoint credentials, opened: the static headers and the authentication egress
 * applies to every request to the subscription's addresses (deliveries, the verification
 * challenge, alerts). Made once per subscription version by the module that stores them.
 */
export interface EndpointCredentials {
  /** The subscription: the key of its cached OAuth2 token and of its client-certificate pool. */
  readonly id: string;
  /**
   * A digest of the credentials: a cached token or pool made from other credentials (an earlier
   * version) is dropped rather than used. Never stored; never the credentials themselves.
   */
  readonly fingerprint: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly auth?: EndpointAuth;
}

/** Credentials ready for egress; `headers` as the consumer named them, `auth` decrypted. */
export function endpointCredentials(
  id: string,
  headers: Readonly<Record<string, string>>,
  auth: EndpointAuth | undefined,
): EndpointCredentials {
  const fingerprint = createHash('sha256')
    .update(JSON.stringify([id, Object.entries(headers).sort(), auth ?? null]))
    .digest('base64url');
  return Object.freeze({ id, fingerprint, headers: Object.freeze({ ...headers }), auth });
}

/**
 * Header names a subscription's static headers may not set: what Hookline writes itself (the
 * signatures, Standard Webhooks' `webhook-*`, the body's framing, the user agent, trace context),
 * `Expect` (its 100-continue handshake is not supported by the egress client, so every request would
 * fail) and the hop-by-hop headers of RFC 9110 §7.6.1, which belong to one connection, not to the
 * request.
 */
export const RESERVED_HEADER_NAMES: readonly string[] = [
  'x-signature',
  'x-webhook-signature',
  'host',
  'content-length',
  'content-type',
  'content-encoding',
  'transfer-encoding',
  'user-agent',
  'expect',
  'connection',
  'keep-alive',
  'te',
  'trailer',
  'upgrade',
  'traceparent',
  'tracestate',
];
/** Every header whose name starts with one of these is reserved too (Standard Webhooks; proxy hop-by-hop). */
export const RESERVED_HEADER_PREFIXES: readonly string[] = ['webhook-', 'proxy-'];
const RESERVED = new Set(RESERVED_HEADER_NAMES);
const PREFIX_REASONS: Readonly<Record<string, string>> = {
  'webhook-': 'webhook-* headers carry the Standard Webhooks signature',
  'proxy-': 'proxy-* headers belong to the connection to a proxy',
};

/** Why a static header name is refused; undefined when it may be set. `Authorization` only while `auth` is set. */
export function reservedHeaderReason(name: string, authSet: boolean): string | undefined {
  const lower = name.toLowerCase();
  const prefix = RESERVED_HEADER_PREFIXES.find((p) => lower.startsWith(p));
  if (prefix) return PREFIX_REASONS[prefix];
  if (RESERVED.has(lower)) return `${name} is written by Hookline or belongs to the connection`;
  if (lower === 'authorization' && authSet) return 'Authorization is written by auth; remove auth to set it here';
  return undefined;
}

/** The Authorization header of static credentials; undefined for OAuth2 (a token) and mTLS (none). */
export function staticAuthorization(auth: EndpointAuth | undefined): string | undefined {
  if (auth?.type === 'basic')
    return `Basic ${Buffer.from(`${auth.username}:${auth.password}`, 'utf8').toString('base64')}`;
  if (auth?.type === 'bearer') return `Bearer ${auth.token}`;
  return undefined;
}
