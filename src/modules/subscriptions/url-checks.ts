import { Injectable } from '@nestjs/common';
import { randomBytes, randomUUID } from 'node:crypto';
import { EgressClient } from '../../platform/egress/egress-client.js';
import { EgressGuard } from '../../platform/egress/egress-guard.js';
import type { EndpointCredentials } from '../../platform/egress/endpoint-credentials.js';
import { signWithKeys, type SigningKey } from '../../platform/egress/signer.js';
import { AppError, type FieldError } from '../../platform/errors/app-error.js';
import { VerificationBudget } from './verification-budget.js';

export const VERIFICATION_TIMEOUT_MS = 10_000;

/**
 * The two gates a callback URL (`url` and `alert_url` alike) passes: the policy (absolute https, no
 * credentials, a host whose every address is public unless EGRESS_ALLOW_CIDRS allows it) and the
 * spec's verification challenge, signed like a delivery, answered within 10 s, within the tenant's
 * verification budget.
 */
@Injectable()
export class UrlChecks {
  constructor(
    private readonly guard: EgressGuard,
    private readonly egress: EgressClient,
    private readonly budget: VerificationBudget,
  ) {}

  /** Field errors for a URL that breaks the policy; empty when it may be used. */
  async policyErrors(field: string, url: string): Promise<FieldError[]> {
    const syntax = urlSyntaxErrors(field, url);
    if (syntax.length > 0) return syntax;
    const check = await this.guard.checkHost(new URL(url).hostname);
    if (check.ok) return [];
    return check.kind === 'dns'
      ? [{ field, code: 'UNRESOLVABLE_HOST', message: `${field}: ${check.message}` }]
      : [{ field, code: 'BLOCKED_ADDRESS', message: `${field}: ${check.message}; only public addresses are allowed` }];
  }

  /**
   * Sends the url_verification challenge to `field`'s URL with the endpoint's headers and auth (as
   * deliveries carry them); throws URL_VERIFICATION_FAILED with the reason, or RATE_LIMITED (nothing
   * sent) when the tenant spent its verification budget.
   */
  verify(
    tenantId: string,
    field: 'url' | 'alert_url',
    url: string,
    keys: readonly SigningKey[],
    credentials?: EndpointCredentials,
  ): Promise<void> {
    return this.budget.spend(tenantId, () => this.challenge(field, url, keys, credentials));
  }

  private async challenge(
    field: string,
    url: string,
    keys: readonly SigningKey[],
    credentials?: EndpointCredentials,
  ): Promise<void> {
    const challenge = randomBytes(24).toString('base64url');
    const body = JSON.stringify({ type: 'url_verification', challenge });
    const headers = signWithKeys(
      { msgId: `verify_${randomUUID()}`, timestamp: Math.floor(Date.now() / 1000), body },
      keys,
    );
    const result = await this.egress.post(url, {
      body,
      headers: { ...headers },
      timeoutMs: VERIFICATION_TIMEOUT_MS,
      credentials,
    });
    const fail = (message: string) =>
      new AppError('URL_VERIFICATION_FAILED', `The ${field} did not pass verification: ${message}.`, [
        { field, code: 'VERIFICATION_FAILED', message },
      ]);
    if (result.outcome === 'timeout') throw fail(`no answer within ${VERIFICATION_TIMEOUT_MS / 1000} s`);
    if (result.outcome === 'auth_error') throw fail(`authentication failed: ${result.errorMessage ?? 'refused'}`);
    if (result.outcome === 'http_error') throw fail(`the endpoint answered HTTP ${result.status}, expected 2xx`);
    if (result.outcome !== 'success')
      throw fail(`${result.outcome.replace('_', ' ')}: ${result.errorMessage ?? ''}`.trim());
    let echoed: unknown;
    try {
      echoed = (JSON.parse(result.bodySnippet) as { challenge?: unknown })?.challenge;
    } catch {
      throw fail('the answer is not JSON; expected {"challenge": "<the challenge>"}');
    }
    if (echoed !== challenge) throw fail('the answer does not echo the challenge');
  }
}

/** What the document's URL schema says (absolute https, no credentials, storable), without any lookup. */
export function urlSyntaxErrors(field: string, url: string): FieldError[] {
  // U+0000 is not storable (Postgres text); the URL parser would accept it percent-encoded.
  if (url.includes('\u0000')) return [{ field, code: 'INVALID_URL', message: `${field} must not contain U+0000` }];
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return [{ field, code: 'INVALID_URL', message: `${field} must be an absolute URL` }];
  }
  if (parsed.protocol !== 'https:')
    return [{ field, code: 'NOT_HTTPS', message: `${field} must use https; plain http is not allowed` }];
  if (parsed.username || parsed.password)
    return [{ field, code: 'INVALID_URL', message: `${field} must not contain credentials` }];
  return [];
}
