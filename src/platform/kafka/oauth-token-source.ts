import { rootCertificates } from 'node:tls';
import { Agent, fetch } from 'undici';

/** A token the source could not get: the token endpoint refused or did not answer. Never carries the secret. */
export class OAuthTokenError extends Error {
  /** Retried, never a reason to park a record: the endpoint or its client may be fixed meanwhile. */
  readonly transient = true;
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'OAuthTokenError';
  }
}

export interface Token {
  value: string;
  /** Milliseconds since the epoch. */
  expiresAt: number;
}

/** Tokens last at least this long once handed out: a token closer to its expiry is refreshed first. */
const MIN_REMAINING_MS = 30_000;
/** A token with no stated lifetime (no expires_in, no exp claim) is used for this long. */
const DEFAULT_LIFETIME_MS = 5 * 60_000;

/**
 * Hands out a bearer token, fetched again only when the cached one is in the last fifth of its
 * lifetime (at least MIN_REMAINING_MS before it ends), so a connection never authenticates with a
 * token about to expire; concurrent callers share one request. kafkajs asks on every connection
 * and every re-authentication.
 */
export class CachedToken {
  private current?: Token;
  private refreshAt = 0;
  private pending?: Promise<Token>;

  constructor(
    private readonly fetchToken: () => Promise<Token>,
    private readonly now: () => number = Date.now,
  ) {}

  async value(): Promise<string> {
    if (this.current && this.now() < this.refreshAt) return this.current.value;
    this.pending ??= this.fetchToken()
      .then((token) => {
        const issued = this.now();
        const lifetime = Math.max(0, token.expiresAt - issued);
        this.current = token;
        this.refreshAt = issued + Math.max(0, Math.min(lifetime * 0.8, lifetime - MIN_REMAINING_MS));
        return token;
      })
      .finally(() => (this.pending = undefined));
    return (await this.pending).value;
  }

  /**
   * Forgets `value` if it is still the cached token (the brokers refused it), so the next caller
   * fetches another: an identity provider fixed meanwhile (audience, scope) takes effect at once,
   * not when the refused token would have been renewed. A newer token stays.
   */
  discard(value: string): void {
    if (this.current?.value === value) {
      this.current = undefined;
      this.refreshAt = 0;
    }
  }
}

export interface ClientCredentials {
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  scope: string;
}

/**
 * OAuth 2 client credentials (RFC 6749 §4.4) against the token endpoint, authenticated with HTTP
 * Basic as §2.3.1 describes (id and secret form-encoded first), as Kafka's own Java client does.
 * `ca`: certificate authorities trusted beside the system's (a private identity provider).
 */
export function clientCredentialsToken(
  settings: ClientCredentials,
  ca?: string[],
  now: () => number = Date.now,
): () => Promise<Token> {
  // Certificates always verified, whatever NODE_TLS_REJECT_UNAUTHORIZED says.
  const dispatcher = new Agent({
    connect: { rejectUnauthorized: true, ...(ca ? { ca: [...rootCertificates, ...ca] } : {}) },
  });
  const basic = Buffer.from(
    `${encodeURIComponent(settings.clientId)}:${encodeURIComponent(settings.clientSecret)}`,
  ).toString('base64');
  return async () => {
    const body = new URLSearchParams({ grant_type: 'client_credentials' });
    if (settings.scope !== '') body.set('scope', settings.scope);
    let response: Awaited<ReturnType<typeof fetch>>;
    try {
      response = await fetch(settings.tokenUrl, {
        method: 'POST',
        headers: { authorization: `Basic ${basic}`, accept: 'application/json' },
        body,
        dispatcher,
        signal: AbortSignal.timeout(10_000),
      });
    } catch (error) {
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      throw new OAuthTokenError(
        `token endpoint ${origin(settings.tokenUrl)} not reached: ${cause?.code ?? cause?.message ?? String(error)}`,
        { cause: error },
      );
    }
    if (!response.ok)
      throw new OAuthTokenError(`token endpoint ${origin(settings.tokenUrl)} answered ${response.status}`);
    const answer = (await response.json().catch(() => ({}))) as { access_token?: unknown; expires_in?: unknown };
    if (typeof answer.access_token !== 'string' || answer.access_token === '')
      throw new OAuthTokenError(`token endpoint ${origin(settings.tokenUrl)} answered no access_token`);
    return { value: answer.access_token, expiresAt: expiryOf(answer.access_token, answer.expires_in, now()) };
  };
}

const origin = (url: string) => new URL(url).origin;

/** expires_in when the endpoint says it, else the JWT's exp claim, else DEFAULT_LIFETIME_MS. */
export function expiryOf(token: string, expiresIn: unknown, now: number): number {
  const seconds = Number(expiresIn);
  if (expiresIn !== undefined && expiresIn !== null && Number.isFinite(seconds) && seconds > 0)
    return now + seconds * 1000;
  const payload = token.split('.')[1];
  if (payload) {
    try {
      const exp = (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { exp?: unknown }).exp;
      if (typeof exp === 'number' && Number.isFinite(exp)) return exp * 1000;
    } catch {
      // not a JWT: an opaque token
    }
  }
  return now + DEFAULT_LIFETIME_MS;
}
