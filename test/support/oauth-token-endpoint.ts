import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { importPKCS8, SignJWT } from 'jose';
import type { SecuredListeners } from './secured-kafka.js';

export interface TokenRequest {
  clientId: string;
  grantType: string | null;
  scope: string | null;
  at: number;
}

/**
 * An OAuth 2 token endpoint for client credentials, as an identity provider runs one: HTTPS with a
 * certificate of the local CA, the client authenticated with HTTP Basic, and RS256 JWTs signed
 * with the key whose public half the local broker's OAUTHBEARER validator trusts (its JWKS file).
 * The token's subject is the client id, so the broker's principal is User:<client id>.
 */
export class OAuthTokenEndpoint {
  readonly requests: TokenRequest[] = [];
  /** The audience of the tokens issued from now on: another than the broker's makes it refuse them. */
  audience: string;
  private server?: Server;

  constructor(
    private readonly listeners: SecuredListeners,
    private readonly clients: Record<string, string>,
    private readonly lifetimeSeconds = 60,
  ) {
    this.audience = listeners.oauth.audience;
  }

  get url(): string {
    return `https://127.0.0.1:${(this.server!.address() as AddressInfo).port}/oauth2/token`;
  }

  async start(): Promise<this> {
    const { oauth } = this.listeners;
    const key = await importPKCS8(readFileSync(oauth.signingKeyFile, 'utf8'), 'RS256');
    this.server = createServer(
      { key: readFileSync(oauth.serverKeyFile), cert: readFileSync(oauth.serverCertFile) },
      (req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () => {
          const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
          const [id, secret] = basicCredentials(req.headers.authorization);
          this.requests.push({
            clientId: id,
            grantType: form.get('grant_type'),
            scope: form.get('scope'),
            at: Date.now(),
          });
          const answer = (status: number, body: object) => {
            res.writeHead(status, { 'content-type': 'application/json' });
            res.end(JSON.stringify(body));
          };
          if (req.method !== 'POST' || form.get('grant_type') !== 'client_credentials')
            return answer(400, { error: 'unsupported_grant_type' });
          if (!(id in this.clients) || this.clients[id] !== secret) return answer(401, { error: 'invalid_client' });
          void new SignJWT({ scope: form.get('scope') ?? '' })
            .setProtectedHeader({ alg: 'RS256', kid: oauth.kid, typ: 'JWT' })
            .setSubject(id)
            .setIssuer(oauth.issuer)
            .setAudience(this.audience)
            .setIssuedAt()
            .setExpirationTime(`${this.lifetimeSeconds}s`)
            .sign(key)
            .then((token) =>
              answer(200, { access_token: token, token_type: 'Bearer', expires_in: this.lifetimeSeconds }),
            );
        });
      },
    );
    this.server.listen(0, '127.0.0.1');
    await once(this.server, 'listening');
    return this;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((r) => this.server?.close(r));
  }
}

/** The client id and secret of an `Authorization: Basic` header, form-decoded as RFC 6749 §2.3.1 has them. */
function basicCredentials(header: string | undefined): [string, string] {
  const encoded = /^Basic (.+)$/.exec(header ?? '')?.[1] ?? '';
  const [id = '', secret = ''] = Buffer.from(encoded, 'base64').toString('utf8').split(':');
  return [decodeURIComponent(id), decodeURIComponent(secret)];
}
