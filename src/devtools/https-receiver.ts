import { once } from 'node:events';
import { writeFileSync, mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generate } from 'selfsigned';

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  /** Names and values as they came, alternating: shows a header sent twice, which `headers` folds or drops. */
  rawHeaders: string[];
  body: string;
  receivedAt: number;
  /** The address the request came from (a proxy's, when one relayed it). */
  remoteAddress?: string;
  /** SHA-256 fingerprint of the client certificate the peer presented, when one was asked for. */
  clientCertificate?: string;
  /**
   * When the answer began to be written, and its status; set once it was handed to the connection
   * whole. Unset while the answer is pending, and for good when the client went away first (a
   * timeout): the client never had it.
   */
  answeredAt?: number;
  answeredStatus?: number;
}

export interface ReceiverOptions {
  /** PEM of the CA client certificates must be signed by: the receiver then refuses a connection without one. */
  clientCa?: string;
}

export interface Reply {
  status: number;
  /** Text, or any bytes at all (an endpoint answering junk). */
  body?: string | Buffer;
  headers?: Record<string, string>;
  delayMs?: number;
  /** Headers at once, then the body a byte at a time, one every dripEveryMs (an endpoint that never quite finishes). */
  dripEveryMs?: number;
}

/** Decides the reply; the default echoes url_verification challenges and answers 200 otherwise. */
export type Responder = (request: ReceivedRequest) => Reply | Promise<Reply>;

export const echoChallenge: Responder = (req) => {
  try {
    const body = JSON.parse(req.body) as { type?: string; challenge?: string };
    if (body.type === 'url_verification') return { status: 200, body: JSON.stringify({ challenge: body.challenge }) };
  } catch {
    // not JSON: fall through to a plain 200
  }
  return { status: 200, body: 'ok' };
};

async function drip(
  res: { destroyed: boolean; write(chunk: string): boolean },
  body: string | Buffer,
  everyMs: number,
) {
  for (const char of body.toString()) {
    if (res.destroyed) return;
    res.write(char);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/**
 * A real HTTPS server on 127.0.0.1 with a self-signed certificate whose PEM is written to caFile,
 * for EGRESS_CA_FILE. Records every request; replies as the responder says.
 */
export class HttpsReceiver {
  readonly requests: ReceivedRequest[] = [];
  responder: Responder = echoChallenge;
  caFile = '';
  private server?: Server;
  private pems?: { private: string; cert: string };

  /** `sharingCertificateOf`: a started receiver whose certificate this one serves too (one CA file for both). */
  constructor(
    private readonly sharingCertificateOf?: HttpsReceiver,
    private readonly options: ReceiverOptions = {},
  ) {}

  get port(): number {
    return (this.server!.address() as AddressInfo).port;
  }

  url(path = '/hook'): string {
    return `https://127.0.0.1:${this.port}${path}`;
  }

  /** Requests other than verification challenges. */
  deliveries(path?: string): ReceivedRequest[] {
    return this.requests.filter((r) => !r.body.includes('"url_verification"') && (!path || r.path === path));
  }

  async start(): Promise<this> {
    const shared = this.sharingCertificateOf;
    if (shared?.pems) [this.pems, this.caFile] = [shared.pems, shared.caFile];
    else this.pems = await this.generateCertificate();
    const pems = this.pems;
    const clientCa = this.options.clientCa;
    const mutual = clientCa ? { requestCert: true, rejectUnauthorized: true, ca: clientCa } : {};
    this.server = createServer({ key: pems.private, cert: pems.cert, ...mutual }, (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', async () => {
        const request: ReceivedRequest = {
          method: req.method ?? '',
          path: req.url ?? '',
          headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)])),
          rawHeaders: req.rawHeaders,
          body: Buffer.concat(chunks).toString('utf8'),
          receivedAt: Date.now(),
          remoteAddress: req.socket.remoteAddress,
          clientCertificate: clientCa ? (req.socket as TLSSocket).getPeerCertificate().fingerprint256 : undefined,
        };
        this.requests.push(request);
        const reply = await this.responder(request);
        if (reply.delayMs) await new Promise((r) => setTimeout(r, reply.delayMs));
        if (res.destroyed) return;
        // Stamped before the write (the client may act on the answer before 'finish' runs here), and
        // kept only once the answer was handed over whole.
        const answeredAt = Date.now();
        res.once('finish', () => Object.assign(request, { answeredAt, answeredStatus: reply.status }));
        res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
        // A client that stops reading (a bounded read) ends the exchange: not the receiver's error.
        res.on('error', () => undefined);
        if (!reply.dripEveryMs) return res.end(reply.body ?? '');
        await drip(res, reply.body ?? '', reply.dripEveryMs);
        res.end();
      });
    });
    this.server.listen(0, '127.0.0.1');
    await once(this.server, 'listening');
    return this;
  }

  /** A self-signed certificate for localhost and 127.0.0.1, its PEM written to caFile. */
  private async generateCertificate(): Promise<{ private: string; cert: string }> {
    const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
      keyType: 'ec',
      curve: 'P-256',
      extensions: [
        { name: 'basicConstraints', cA: true },
        {
          name: 'subjectAltName',
          altNames: [
            { type: 2, value: 'localhost' },
            { type: 7, ip: '127.0.0.1' },
          ],
        },
      ],
    });
    this.caFile = join(mkdtempSync(join(tmpdir(), 'hookline-ca-')), 'ca.pem');
    writeFileSync(this.caFile, pems.cert);
    return pems;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((r) => this.server?.close(r));
  }

  /** Waits until predicate holds for the recorded requests, or fails after timeoutMs. */
  async waitFor(predicate: (requests: ReceivedRequest[]) => boolean, timeoutMs = 15_000): Promise<void> {
    const until = Date.now() + timeoutMs;
    while (!predicate(this.requests)) {
      if (Date.now() > until)
        throw new Error(`receiver: condition not met within ${timeoutMs} ms (${this.requests.length} requests)`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}
