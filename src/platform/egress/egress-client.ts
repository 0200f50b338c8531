import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { createSecureContext, getCACertificates } from 'node:tls';
import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { Agent, buildConnector, request } from 'undici';
import { AppConfig } from '../config/app-config.js';
import { classifyEgressError, type EgressOutcome } from './egress-errors.js';
import { BlockedAddressError, EgressGuard } from './egress-guard.js';

export type { EgressOutcome } from './egress-errors.js';

export interface EgressRequest {
  headers?: Record<string, string>;
  body: string;
  /** Deadline for the whole exchange: connect, headers and body. Defaults to DELIVERY_TIMEOUT_MS. */
  timeoutMs?: number;
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
}

const MAX_BODY_READ = 64 * 1024;
const MAX_SNIPPET = 4 * 1024;
const USER_AGENT = 'Hookline-Webhooks/1';

/**
 * The only way Hookline talks to consumer endpoints. HTTPS only, certificates verified against the
 * system CAs (plus EGRESS_CA_FILE), redirects never followed, every connection checked against the
 * IP policy on the address actually dialled, one keep-alive pool per origin, bounded reads.
 * Never throws for a network outcome: every failure comes back classified in the result.
 */
@Injectable()
export class EgressClient implements OnModuleDestroy {
  private readonly agent: Agent;
  private readonly defaultTimeoutMs: number;

  constructor(
    config: AppConfig,
    readonly guard: EgressGuard,
  ) {
    this.defaultTimeoutMs = config.env.DELIVERY_TIMEOUT_MS;
    const connector = buildConnector({
      // One context for every connection: passing `ca` instead makes each TLS handshake parse
      // the whole root store again (a sixth of the service's CPU in the benchmark).
      secureContext: createSecureContext({ ca: trustedCertificates(config.env.EGRESS_CA_FILE) }),
      lookup: guard.lookup,
      timeout: Math.min(10_000, config.env.DELIVERY_TIMEOUT_MS),
      allowH2: false,
    });
    this.agent = new Agent({
      keepAliveTimeout: 30_000,
      // Per origin, and many subscriptions share an origin (one SaaS host, one test receiver): a
      // per-subscription bound here would let one hanging subscription take every connection of
      // its neighbours. The scheduler bounds each subscription; the pool only bounds the total.
      connections: config.env.DELIVERY_CONCURRENCY,
      connect: (options, callback) => {
        try {
          // IP literals never reach the lookup hook, so they are judged here.
          if (isIP(options.hostname)) guard.assertAddress(options.hostname, options.hostname);
        } catch (error) {
          return callback(error as Error, null);
        }
        connector(options, (error, socket) => {
          if (error) return callback(error, null);
          // Belt and braces: the peer actually connected to must pass too.
          const peer = socket!.remoteAddress;
          const verdict = peer ? guard.policy.check(peer) : { allowed: true };
          if (!verdict.allowed) {
            socket!.destroy();
            return callback(new BlockedAddressError(options.hostname, peer!, verdict.reason!), null);
          }
          callback(null, socket!);
        });
      },
    });
  }

  async post(url: string, req: EgressRequest): Promise<EgressResult> {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    const target = parseHttpsUrl(url);
    if (typeof target === 'string')
      return { outcome: 'blocked', headers: {}, bodySnippet: '', durationMs: 0, errorMessage: target };
    const timeoutMs = req.timeoutMs ?? this.defaultTimeoutMs;
    const deadline = new Deadline(timeoutMs);
    try {
      const res = await request(target, {
        method: 'POST',
        dispatcher: this.agent,
        headers: { 'content-type': 'application/json', 'user-agent': USER_AGENT, ...req.headers },
        body: req.body,
        // The one bound on the exchange: undici's headers and body timeouts (300 s by default, above
        // DELIVERY_TIMEOUT_MS's maximum) would only arm two more timers per request.
        signal: deadline.signal,
      });
      const firstByteMs = elapsed();
      const body = await readBounded(res.body);
      const ok = res.statusCode >= 200 && res.statusCode < 300;
      return {
        status: res.statusCode,
        headers: flattenHeaders(res.headers),
        bodySnippet: body.subarray(0, MAX_SNIPPET).toString('utf8'),
        durationMs: elapsed(),
        firstByteMs,
        outcome: ok ? 'success' : 'http_error',
        errorMessage: ok ? undefined : `endpoint answered HTTP ${res.statusCode}`,
      };
    } catch (error) {
      const { outcome, message } = classifyEgressError(error);
      return { outcome, headers: {}, bodySnippet: '', durationMs: elapsed(), errorMessage: message };
    } finally {
      deadline.clear();
    }
  }

  async onModuleDestroy(): Promise<void> {
    await this.agent.close().catch(() => undefined);
  }
}

/**
 * The whole exchange's deadline, cleared as soon as it is over. AbortSignal.timeout keeps each
 * request's signal and timer until a major collection (or DELIVERY_TIMEOUT_MS) after its answer,
 * so at a thousand deliveries a second every one of them outlived the young generation.
 */
class Deadline {
  private readonly controller = new AbortController();
  private readonly timer: NodeJS.Timeout;

  constructor(timeoutMs: number) {
    this.timer = setTimeout(
      () => this.controller.abort(new DOMException(`no complete answer within ${timeoutMs} ms`, 'TimeoutError')),
      timeoutMs,
    ).unref();
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  clear(): void {
    clearTimeout(this.timer);
  }
}

function parseHttpsUrl(url: string): URL | string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'not an absolute URL';
  }
  return parsed.protocol === 'https:' ? parsed : `only https URLs are allowed, not ${parsed.protocol}`;
}

/** Reads at most 64 KiB; stopping early destroys the stream, so an endless body costs nothing more. */
async function readBounded(body: AsyncIterable<Buffer> & { destroy(): void }): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    chunks.push(chunk);
    size += chunk.length;
    if (size >= MAX_BODY_READ) {
      body.destroy();
      break;
    }
  }
  return Buffer.concat(chunks).subarray(0, MAX_BODY_READ);
}

function flattenHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return flat;
}

/** The bundled and system roots, plus the operator's own CA (private PKI, tests). */
function trustedCertificates(caFile: string): string[] {
  const roots = new Set([...getCACertificates('default'), ...getCACertificates('system')]);
  if (caFile) roots.add(readFileSync(caFile, 'utf8'));
  return [...roots];
}
