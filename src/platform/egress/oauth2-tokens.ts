import { LRUCache } from 'lru-cache';
import { counter } from '../telemetry/metrics.js';
import type { EgressOutcome } from './egress-errors.js';
import type { EndpointAuth, EndpointCredentials } from './endpoint-credentials.js';

type OAuth2Auth = Extract<EndpointAuth, { type: 'oauth2_client_credentials' }>;

/** What a token request came back with: the transport's outcome, and the whole body when there was one. */
export interface TokenAnswer {
  outcome: EgressOutcome;
  status?: number;
  body: Buffer;
  errorMessage?: string;
}

/** Sends a token request through egress (HTTPS only, the IP policy, no redirects, the proxy). */
export type TokenExchange = (url: string, form: string, headers: Record<string, string>) => Promise<TokenAnswer>;

/** The token endpoint gave no usable token; the message names why, never a secret. */
export class TokenRequestError extends Error {}

/** How long a token without `expires_in` is used before another is asked for. */
export const DEFAULT_TOKEN_LIFETIME_S = 300;
const MAX_TOKEN_LENGTH = 16 * 1024;
/** Access tokens are b64token-like (RFC 6750 §2.1): visible ASCII, so never a header injection. */
const TOKEN_SYNTAX = /^[\x21-\x7e]+$/;
const MAX_HELD = 50_000;

const requests = counter(
  'hookline_oauth2_token_requests_total',
  'OAuth2 client-credentials token requests, by outcome',
  ['outcome'],
);

/**
 * The least time a token is used. An `expires_in` of 0 or less would otherwise cost one token request
 * per delivery; a token that truly expired first is caught by the one retry after a 401.
 */
export const MIN_TOKEN_KEEP_MS = 2_000;
/** The most time a token is used: one that claims to live for years (or for ever) is still renewed daily. */
export const MAX_TOKEN_KEEP_MS = 24 * 60 * 60 * 1000;

/**
 * How long a token is used: until 60 s before it expires, or, for a token that lives less than two
 * minutes, until half its lifetime has passed, so a short-lived token is never used at its edge.
 * Bounded by MIN_TOKEN_KEEP_MS and MAX_TOKEN_KEEP_MS whatever the token endpoint says.
 */
export function tokenKeepMs(lifetimeSeconds: number): number {
  const lifetime = lifetimeSeconds > 0 ? lifetimeSeconds : 0;
  const keep = Math.floor((lifetime - Math.min(60, lifetime / 2)) * 1000);
  return Math.min(MAX_TOKEN_KEEP_MS, Math.max(MIN_TOKEN_KEEP_MS, keep));
}

interface Held {
  fingerprint: string;
  token: string;
  refreshAt: number;
}

/**
 * OAuth2 client-credentials tokens (RFC 6749 §4.4), one per subscription, shared by every request
 * of this process to that subscription's addresses. Only one request for a subscription's token is
 * in flight at a time (single flight): the callers waiting meanwhile share its answer or its error.
 */
export class OAuth2Tokens {
  private readonly held = new LRUCache<string, Held>({ max: MAX_HELD });
  private readonly inFlight = new Map<string, { fingerprint: string; token: Promise<string> }>();

  constructor(
    private readonly exchange: TokenExchange,
    private readonly now: () => number = Date.now,
  ) {}

  /** A deleted subscription's token goes now; a request for it under way finishes unheld. */
  forget(subscriptionId: string): void {
    this.held.delete(subscriptionId);
    this.inFlight.delete(subscriptionId);
  }

  /** A token valid for a while yet; throws TokenRequestError when the token endpoint gives none. */
  get(credentials: EndpointCredentials): Promise<string> {
    const { id, fingerprint } = credentials;
    const held = this.held.get(id);
    if (held?.fingerprint === fingerprint && this.now() < held.refreshAt) return Promise.resolve(held.token);
    const flight = this.inFlight.get(id);
    if (flight?.fingerprint === fingerprint) return flight.token;
    const token = this.request(credentials).finally(() => {
      if (this.inFlight.get(id)?.token === token) this.inFlight.delete(id);
    });
    this.inFlight.set(id, { fingerprint, token });
    return token;
  }

  /** The endpoint refused `token` (401): it is not handed out again. A newer token is kept. */
  invalidate(credentials: EndpointCredentials, token: string): void {
    if (this.held.get(credentials.id)?.token === token) this.held.delete(credentials.id);
  }

  private async request(credentials: EndpointCredentials): Promise<string> {
    const auth = credentials.auth as OAuth2Auth;
    const askedAt = this.now();
    const answer = await this.exchange(auth.token_url, tokenForm(auth), tokenHeaders(auth));
    const outcome = answer.outcome === 'http_error' ? 'refused' : answer.outcome;
    try {
      if (answer.outcome !== 'success') throw new TokenRequestError(failureOf(answer));
      const { token, lifetime } = parseTokenAnswer(answer.body);
      // Not held when its subscription was forgotten while the token was asked for.
      if (this.inFlight.get(credentials.id)?.fingerprint === credentials.fingerprint)
        this.held.set(credentials.id, {
          fingerprint: credentials.fingerprint,
          token,
          refreshAt: askedAt + tokenKeepMs(lifetime),
        });
      requests.inc({ outcome: 'success' });
      return token;
    } catch (error) {
      requests.inc({ outcome: answer.outcome === 'success' ? 'invalid_answer' : outcome });
      throw error;
    }
  }
}

const formValue = (value: string) => new URLSearchParams({ v: value }).toString().slice(2);

function tokenForm(auth: OAuth2Auth): string {
  const form = new URLSearchParams({ grant_type: 'client_credentials' });
  if (auth.scope) form.set('scope', auth.scope);
  if (auth.audience) form.set('audience', auth.audience);
  if (auth.client_auth === 'post') {
    form.set('client_id', auth.client_id);
    form.set('client_secret', auth.client_secret);
  }
  return form.toString();
}

function tokenHeaders(auth: OAuth2Auth): Record<string, string> {
  const headers: Record<string, string> = {
    'content-type': 'application/x-www-form-urlencoded',
    accept: 'application/json',
  };
  // RFC 6749 §2.3.1: each part form-encoded before the Basic encoding.
  if (auth.client_auth === 'basic')
    headers.authorization = `Basic ${Buffer.from(`${formValue(auth.client_id)}:${formValue(auth.client_secret)}`).toString('base64')}`;
  return headers;
}

/** Why no token came: the transport's failure, or the token endpoint's status and its OAuth2 error code. */
function failureOf(answer: TokenAnswer): string {
  if (answer.outcome !== 'http_error') return `the token request failed: ${answer.errorMessage ?? answer.outcome}`;
  let code: unknown;
  try {
    code = (JSON.parse(answer.body.toString('utf8')) as { error?: unknown }).error;
  } catch {
    code = undefined;
  }
  const named = typeof code === 'string' && /^[\x20-\x7e]{1,64}$/.test(code) ? ` (${code})` : '';
  return `the token endpoint answered HTTP ${answer.status}${named}`;
}

/** The token and its lifetime in seconds from a successful answer (RFC 6749 §5.1). */
export function parseTokenAnswer(body: Buffer): { token: string; lifetime: number } {
  let parsed: { access_token?: unknown; token_type?: unknown; expires_in?: unknown };
  try {
    parsed = JSON.parse(body.toString('utf8')) as typeof parsed;
  } catch {
    throw new TokenRequestError('the token endpoint answered with something other than JSON');
  }
  const token = parsed?.access_token;
  if (typeof token !== 'string' || token.length === 0 || token.length > MAX_TOKEN_LENGTH || !TOKEN_SYNTAX.test(token))
    throw new TokenRequestError('the token endpoint answered without a usable access_token');
  if (parsed.token_type !== undefined && String(parsed.token_type).toLowerCase() !== 'bearer')
    throw new TokenRequestError('the token endpoint issued a token that is not a Bearer token');
  const expiresIn = Number(parsed.expires_in ?? DEFAULT_TOKEN_LIFETIME_S);
  return { token, lifetime: Number.isFinite(expiresIn) ? expiresIn : DEFAULT_TOKEN_LIFETIME_S };
}
