import { createSecureContext, type SecureContext } from 'node:tls';
import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { Agent, request, type Dispatcher } from 'undici';
import { AppConfig } from '../config/app-config.js';
import { ClientCertificatePools } from './client-certificates.js';
import { parseEgressProxy, type EgressProxy } from './connect-tunnel.js';
import { egressConnector } from './connectors.js';
import { classifyEgressError, type EgressOutcome } from './egress-errors.js';
import {
  Deadline,
  flattenHeaders,
  mergeHeaders,
  parseHttpsUrl,
  readBounded,
  trustedCertificates,
} from './egress-http.js';
import { EgressGuard } from './egress-guard.js';
import { staticAuthorization, type EndpointCredentials } from './endpoint-credentials.js';
import { OAuth2Tokens, TokenRequestError, type TokenAnswer } from './oauth2-tokens.js';
import { USER_AGENT } from './user-agent.js';

export type { EgressOutcome } from './egress-errors.js';

export interface EgressRequest {
  headers?: Record<string, string>;
  body: string;
  /**
   * Deadline for the whole exchange: an OAuth2 token, connect, headers and body, and the one more try
   * after a 401. Defaults to DELIVERY_TIMEOUT_MS.
   */
  timeoutMs?: number;
  /** The subscription's static headers and authentication, applied to this request. */
  credentials?: EndpointCredentials;
}

export interface EgressResult {
  status?: number;
  headers: Record<string, string>;
  /** The first 4 KiB of the response body, decoded as UTF-8. */
  bodySnippet: string;
  durationMs: number;
  /** Until the response's status line and headers arrived; absent when none did. */
  firstByteMs?: number;
  outcome: EgressOutcome;
  errorMessage?: string;
  /** The shutdown cut the request before its answer (cutInFlight): the endpoint may or may not have it. */
  cutByShutdown?: boolean;
}

interface Exchange {
  method: 'POST';
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  /** The timeout a timeout's message names: the whole post's, of which `timeoutMs` is what is left. */
  statedTimeoutMs?: number;
  dispatcher: Dispatcher;
  /** A client certificate was presented: the server refusing it is an auth_error. */
  presentsCertificate?: boolean;
}

const MAX_SNIPPET = 4 * 1024;
/** A token request's deadline, at most: a token endpoint is expected to answer at once. */
const TOKEN_TIMEOUT_MS = 10_000;

/**
 * The only way Hookline talks to consumer endpoints. HTTPS only, certificates verified against the
 * system CAs (plus EGRESS_CA_FILE), redirects never followed, the IP policy applied to every
 * connection before it opens (directly, or through EGRESS_PROXY_URL's CONNECT tunnel to the checked
 * address), one keep-alive pool per origin, bounded reads. It applies a subscription's endpoint
 * credentials: static headers, Basic, bearer, OAuth2 tokens (fetched through this same client) and
 * client certificates (each subscription's own pool). Never throws for a network outcome: every
 * failure comes back classified in the result.
 */
@Injectable()
export class EgressClient implements OnModuleDestroy {
  private readonly agent: Agent;
  private readonly defaultTimeoutMs: number;
  private readonly roots: string[];
  private readonly proxy?: EgressProxy;
  private readonly certificatePools: ClientCertificatePools;
  private readonly tokens = new OAuth2Tokens((url, form, headers) => this.tokenRequest(url, form, headers));
  /** The deadlines of the exchanges in flight: the shutdown cuts them (cutInFlight). */
  private readonly inFlight = new Set<Deadline>();
  private cutting = false;

  constructor(
    private readonly config: AppConfig,
    readonly guard: EgressGuard,
  ) {
    this.defaultTimeoutMs = config.delivery.timeoutMs;
    this.roots = trustedCertificates(config.egress.caFile);
    this.proxy = config.egress.proxyUrl ? parseEgressProxy(config.egress.proxyUrl) : undefined;
    // One context for every connection: passing `ca` instead makes each TLS handshake parse
    // the whole root store again (a sixth of the service's CPU in the benchmark).
    // Per origin, and many subscriptions share an origin (one SaaS host, one test receiver): a
    // per-subscription bound here would let one hanging subscription take every connection of
    // its neighbours. The scheduler bounds each subscription; the pool only bounds the total.
    this.agent = this.pool(createSecureContext({ ca: this.roots }), config.delivery.concurrency);
    // A client certificate's connections are its subscription's alone, bounded like its requests.
    this.certificatePools = new ClientCertificatePools((cert, key) =>
      this.pool(createSecureContext({ ca: this.roots, cert, key }), config.delivery.concurrencyPerSubscription),
    );
  }

  private pool(secureContext: SecureContext, connections: number): Agent {
    const connect = egressConnector({
      guard: this.guard,
      secureContext,
      timeoutMs: Math.min(10_000, this.config.delivery.timeoutMs),
      proxy: this.proxy,
    });
    return new Agent({ keepAliveTimeout: 30_000, connections, connect });
  }

  /**
   * POSTs `req.body` to an endpoint with the subscription's credentials. An OAuth2 endpoint that
   * answers 401 gets one more try with a fresh token; a token that cannot be had, or a credential
   * the endpoint refuses, is the outcome `auth_error`.
   */
  async post(url: string, req: EgressRequest): Promise<EgressResult> {
    const started = performance.now();
    const target = parseHttpsUrl(url);
    if (typeof target === 'string')
      return { outcome: 'blocked', headers: {}, bodySnippet: '', durationMs: 0, errorMessage: target };
    const { credentials } = req;
    const statedTimeoutMs = req.timeoutMs ?? this.defaultTimeoutMs;
    const deadlineAt = started + statedTimeoutMs;
    const pool = this.certificatePools.poolFor(credentials);
    // An expired client certificate cannot pass a handshake: say so instead of asking the endpoint.
    if (pool && pool.notAfter <= Date.now())
      return authError(started, `the client certificate expired at ${new Date(pool.notAfter).toISOString()}`);
    const send = async (authorization?: string) => {
      const { result } = await this.exchange(target, started, {
        method: 'POST',
        // Later layers replace earlier ones whatever the case of a name: one value per header, and
        // Hookline's own user agent and credential win over static headers stored before they were reserved.
        headers: mergeHeaders(
          { 'content-type': 'application/json' },
          credentials?.headers,
          req.headers,
          { 'user-agent': USER_AGENT },
          authorization ? { authorization } : undefined,
        ),
        body: req.body,
        // What the token and an earlier try left of the deadline (a try past it times out at once).
        timeoutMs: Math.max(1, Math.round(deadlineAt - performance.now())),
        statedTimeoutMs,
        dispatcher: pool?.agent ?? this.agent,
        presentsCertificate: pool !== undefined,
      });
      return result;
    };
    if (credentials?.auth?.type !== 'oauth2_client_credentials')
      return refusedCredential(await send(staticAuthorization(credentials?.auth)), credentials);
    try {
      const first = await this.tokens.get(credentials);
      const result = await send(`Bearer ${first}`);
      if (result.status !== 401) return result;
      // The token may have been revoked or expired early: one fresh token, one more try.
      this.tokens.invalidate(credentials, first);
      return refusedCredential(await send(`Bearer ${await this.tokens.get(credentials)}`), credentials);
    } catch (error) {
      if (!(error instanceof TokenRequestError)) throw error;
      // A token request the shutdown cut says nothing of the credentials: the request was cut, as any other.
      if (this.cutting) return { ...authError(started, error.message), outcome: 'timeout', cutByShutdown: true };
      return authError(started, error.message);
    }
  }

  /** A token request: through the shared pool (the proxy, the IP policy), the whole answer kept. */
  private async tokenRequest(url: string, form: string, headers: Record<string, string>): Promise<TokenAnswer> {
    const target = parseHttpsUrl(url);
    if (typeof target === 'string') return { outcome: 'blocked', body: Buffer.alloc(0), errorMessage: target };
    const answer = await this.exchange(target, performance.now(), {
      method: 'POST',
      headers: mergeHeaders(headers, { 'user-agent': USER_AGENT }),
      body: form,
      timeoutMs: Math.min(TOKEN_TIMEOUT_MS, this.defaultTimeoutMs),
      dispatcher: this.agent,
    });
    return {
      outcome: answer.result.outcome,
      status: answer.result.status,
      body: answer.body,
      errorMessage: answer.result.errorMessage,
    };
  }

  /** One request and its bounded answer; `started` is when the whole post began (a retried one counts both). */
  private async exchange(target: URL, started: number, x: Exchange): Promise<{ result: EgressResult; body: Buffer }> {
    const elapsed = () => Math.round(performance.now() - started);
    const deadline = new Deadline(x.timeoutMs, x.statedTimeoutMs);
    this.inFlight.add(deadline);
    if (this.cutting) deadline.cut();
    try {
      const res = await request(target, {
        method: x.method,
        dispatcher: x.dispatcher,
        headers: x.headers,
        body: x.body,
        // The one bound on the exchange: undici's headers and body timeouts (300 s by default, above
        // DELIVERY_TIMEOUT_MS's maximum) would only arm two more timers per request.
        signal: deadline.signal,
      });
      const firstByteMs = elapsed();
      const { body, unread } = await this.answerBody(res.body, x.presentsCertificate);
      const ok = res.statusCode >= 200 && res.statusCode < 300;
      const answered = ok ? undefined : `endpoint answered HTTP ${res.statusCode}`;
      const result: EgressResult = {
        status: res.statusCode,
        headers: flattenHeaders(res.headers),
        bodySnippet: body.subarray(0, MAX_SNIPPET).toString('utf8'),
        durationMs: elapsed(),
        firstByteMs,
        outcome: ok ? 'success' : 'http_error',
        errorMessage: unread ? [answered, `the body did not end: ${unread}`].filter(Boolean).join('; ') : answered,
      };
      return { result, body };
    } catch (error) {
      const { outcome, message } = classifyEgressError(error, x.presentsCertificate);
      const result: EgressResult = {
        outcome,
        headers: {},
        bodySnippet: '',
        durationMs: elapsed(),
        errorMessage: message,
        cutByShutdown: deadline.wasCut || undefined,
      };
      return { result, body: Buffer.alloc(0) };
    } finally {
      deadline.clear();
      this.inFlight.delete(deadline);
    }
  }

  /**
   * The answer's body, at most 64 KiB. Once the status line has come it is the endpoint's answer: a
   * body cut short by the deadline or the connection leaves the snippet empty and says why, but a
   * 2xx stays a success (resending an event the endpoint accepted would only be a duplicate).
   */
  private async answerBody(stream: Parameters<typeof readBounded>[0], presentsCertificate?: boolean) {
    try {
      return { body: await readBounded(stream), unread: undefined };
    } catch (error) {
      return { body: Buffer.alloc(0), unread: classifyEgressError(error, presentsCertificate).message };
    }
  }

  /** What egress holds for a deleted subscription (its OAuth2 token, its client-certificate pool) goes. */
  forget(subscriptionId: string): void {
    this.tokens.forget(subscriptionId);
    this.certificatePools.forget(subscriptionId);
  }

  /**
   * The shutdown's deadline (SHUTDOWN_TIMEOUT_MS): every exchange in flight is aborted, its connection
   * destroyed, and one begun later fails at once. Their results say so (cutByShutdown).
   */
  cutInFlight(): void {
    this.cutting = true;
    for (const deadline of this.inFlight) deadline.cut();
  }

  /** Cuts what is still in flight first: an Agent's close() waits for its pending requests, however long. */
  async onModuleDestroy(): Promise<void> {
    this.cutInFlight();
    await Promise.all([this.agent.close().catch(() => undefined), this.certificatePools.close()]);
  }
}

function authError(started: number, errorMessage: string): EgressResult {
  const durationMs = Math.round(performance.now() - started);
  return { outcome: 'auth_error', headers: {}, bodySnippet: '', durationMs, errorMessage };
}

/** A 401 to a request that carried the subscription's credential: the credential failed, not the endpoint. */
function refusedCredential(result: EgressResult, credentials: EndpointCredentials | undefined): EgressResult {
  const auth = credentials?.auth;
  if (result.status !== 401 || !auth || auth.type === 'mtls') return result;
  return {
    ...result,
    outcome: 'auth_error',
    errorMessage: `the endpoint refused the ${auth.type} credential (HTTP 401)`,
  };
}
