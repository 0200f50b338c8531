import type { CertificateSummary } from '../../platform/egress/client-certificates.js';
import type { OAuth2ClientAuth } from '../../platform/egress/endpoint-credentials.js';

/** A static header as stored: its value in clear, or sealed when the consumer marked it secret. */
export type StoredHeader = { value: string } | { sealed: string };
export type StoredHeaders = Record<string, StoredHeader>;

/**
 * The endpoint's authentication as stored: the whole credential sealed (what egress uses), beside
 * the fields that may be shown, kept in clear for reads (never used to authenticate).
 */
export type StoredAuth =
  | { type: 'basic'; username: string; sealed: string }
  | { type: 'bearer'; sealed: string }
  | {
      type: 'oauth2_client_credentials';
      token_url: string;
      client_id: string;
      scope: string | null;
      audience: string | null;
      client_auth: OAuth2ClientAuth;
      sealed: string;
    }
  | { type: 'mtls'; certificate: CertificateSummary; sealed: string };

/** A header as the API shows it: a secret one by name only. */
export type HeaderView = { secret: true } | { secret: false; value: string };

export type AuthView =
  | { type: 'basic'; username: string }
  | { type: 'bearer' }
  | {
      type: 'oauth2_client_credentials';
      token_url: string;
      client_id: string;
      scope: string | null;
      audience: string | null;
      client_auth: OAuth2ClientAuth;
    }
  | { type: 'mtls'; certificate: CertificateSummary & { expires_soon: boolean } };

/** A client certificate that expires within this many days shows `expires_soon` (and counts in the metric). */
export const CERTIFICATE_WARNING_DAYS = 30;
const DAY_MS = 86_400_000;

export function expiresSoon(summary: Pick<CertificateSummary, 'not_after'>, now = Date.now()): boolean {
  return Date.parse(summary.not_after) - now < CERTIFICATE_WARNING_DAYS * DAY_MS;
}

/** The binding purpose of a sealed header value: the name, lowercased (HTTP names are case-insensitive). */
export const headerPurpose = (name: string) => `header/${name.toLowerCase()}`;
/** The binding purpose of the sealed credential: its type too, so a value sealed as one type never opens as another. */
export const authPurpose = (type: string) => `endpoint-auth/${type}`;

export function headersView(headers: StoredHeaders): Record<string, HeaderView> {
  return Object.fromEntries(
    Object.entries(headers).map(([name, h]) => [
      name,
      'sealed' in h ? { secret: true } : { secret: false, value: h.value },
    ]),
  );
}

/** What a read shows: the type and the fields that are not secret; null when the endpoint needs none. */
export function authView(auth: StoredAuth | null, now = Date.now()): AuthView | null {
  if (!auth) return null;
  switch (auth.type) {
    case 'basic':
      return { type: 'basic', username: auth.username };
    case 'bearer':
      return { type: 'bearer' };
    case 'oauth2_client_credentials': {
      const { token_url, client_id, scope, audience, client_auth } = auth;
      return { type: auth.type, token_url, client_id, scope, audience, client_auth };
    }
    case 'mtls':
      return { type: 'mtls', certificate: { ...auth.certificate, expires_soon: expiresSoon(auth.certificate, now) } };
  }
}
