import { X509Certificate } from 'node:crypto';
import { generate } from 'selfsigned';
import { echoChallenge, type HttpsReceiver, type ReceivedRequest, type Reply } from './https-receiver.js';

export interface TestCa {
  key: string;
  cert: string;
}

/** A certificate authority of the test's own, for client certificates an endpoint trusts. */
export async function testCa(name = 'Hookline test CA'): Promise<TestCa> {
  const pems = await generate([{ name: 'commonName', value: name }], {
    keyType: 'ec',
    algorithm: 'sha256',
    extensions: [
      { name: 'basicConstraints', cA: true },
      { name: 'keyUsage', keyCertSign: true, cRLSign: true, digitalSignature: true },
    ],
  });
  return { key: pems.private, cert: pems.cert };
}

export interface ClientCertificate {
  certificate: string;
  privateKey: string;
  fingerprint: string;
  notAfter: Date;
}

/** A client certificate signed by `ca`, valid until `notAfter` (a year by default). */
export async function clientCertificate(
  ca: TestCa,
  cn = 'hookline-client',
  notAfter = new Date(Date.now() + 365 * 86_400_000),
): Promise<ClientCertificate> {
  const pems = await generate([{ name: 'commonName', value: cn }], {
    keyType: 'ec',
    algorithm: 'sha256',
    notAfterDate: notAfter,
    ca: { key: ca.key, cert: ca.cert },
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true },
      { name: 'extKeyUsage', clientAuth: true },
    ],
  });
  const x509 = new X509Certificate(pems.cert);
  return {
    certificate: pems.cert,
    privateKey: pems.private,
    fingerprint: x509.fingerprint256,
    notAfter: new Date(x509.validTo),
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A local OAuth2 token endpoint (client credentials, RFC 6749 §4.4) on an HTTPS receiver: it checks
 * the client's Basic credentials and issues opaque tokens that expire after `lifetimeS` seconds,
 * answering after `delayMs` so that concurrent requests for one token overlap. Counts requests, and
 * the most it had in flight at once.
 */
export class TokenIssuer {
  private readonly expiry = new Map<string, number>();
  private readonly revoked = new Set<string>();
  lifetimeS = 5;
  delayMs = 150;
  refusing = false;
  requests = 0;
  inFlight = 0;
  mostInFlight = 0;

  constructor(
    readonly server: HttpsReceiver,
    readonly clientId: string,
    readonly clientSecret: string,
  ) {
    server.responder = (req) => this.answer(req);
  }

  get url(): string {
    return this.server.url('/oauth/token');
  }

  /** Whether `authorization` carries a token this issuer issued, not revoked and not expired. */
  accepts(authorization: string | undefined): boolean {
    const token = /^Bearer (\S+)$/.exec(authorization ?? '')?.[1];
    const expiresAt = token ? this.expiry.get(token) : undefined;
    return expiresAt !== undefined && Date.now() < expiresAt && !this.revoked.has(token!);
  }

  /** Every token issued so far. */
  issued(): string[] {
    return [...this.expiry.keys()];
  }

  /** Every token issued so far stops being accepted (as when an authorization server revokes them). */
  revokeAll(): void {
    for (const token of this.expiry.keys()) this.revoked.add(token);
  }

  private async answer(req: ReceivedRequest): Promise<Reply> {
    this.requests++;
    this.inFlight++;
    this.mostInFlight = Math.max(this.mostInFlight, this.inFlight);
    try {
      await sleep(this.delayMs);
      const form = new URLSearchParams(req.body);
      const basic = `Basic ${Buffer.from(`${this.clientId}:${this.clientSecret}`).toString('base64')}`;
      if (this.refusing || req.headers.authorization !== basic || form.get('grant_type') !== 'client_credentials')
        return { status: 401, body: JSON.stringify({ error: 'invalid_client' }) };
      const token = `tok_${this.requests}_${Math.random().toString(36).slice(2)}`;
      this.expiry.set(token, Date.now() + this.lifetimeS * 1000);
      return {
        status: 200,
        body: JSON.stringify({ access_token: token, token_type: 'Bearer', expires_in: this.lifetimeS }),
      };
    } finally {
      this.inFlight--;
    }
  }
}

/** An endpoint that answers 401 unless `accepts` the request (the challenge included), echoing challenges. */
export const requiring =
  (accepts: (req: ReceivedRequest) => boolean) =>
  (req: ReceivedRequest): Reply | Promise<Reply> =>
    accepts(req) ? echoChallenge(req) : { status: 401, body: '{"error":"unauthorized"}' };
