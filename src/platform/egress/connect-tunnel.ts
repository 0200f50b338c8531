import { request } from 'node:http';
import type { Socket } from 'node:net';
import { counter } from '../telemetry/metrics.js';

const tunnels = counter(
  'hookline_egress_proxy_tunnels_total',
  'CONNECT tunnels asked of EGRESS_PROXY_URL, by outcome',
  ['outcome'],
);

/** The proxy did not open the tunnel; never names the proxy's credentials. */
export class ProxyTunnelError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

/** EGRESS_PROXY_URL, parsed once: where the proxy listens and the Proxy-Authorization it wants, if any. */
export interface EgressProxy {
  host: string;
  port: number;
  authorization?: string;
}

/** `http://[user:password@]host:port`; throws on anything else (the configuration names the problem). */
export function parseEgressProxy(url: string): EgressProxy {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    // The parser's own error carries the input, credentials included.
    throw new Error('EGRESS_PROXY_URL is not a valid URL');
  }
  if (parsed.protocol !== 'http:') throw new Error('EGRESS_PROXY_URL must be an http:// URL of a CONNECT proxy');
  const user = decodeURIComponent(parsed.username);
  const password = decodeURIComponent(parsed.password);
  return {
    host: parsed.hostname.replace(/^\[|\]$/g, ''),
    port: Number(parsed.port || 80),
    authorization:
      user || password ? `Basic ${Buffer.from(`${user}:${password}`, 'utf8').toString('base64')}` : undefined,
  };
}

/**
 * Asks the proxy for a tunnel to `address:port` (an address the IP policy already passed, never a
 * name the proxy would resolve again) with an HTTP CONNECT, and gives back the tunnel's socket.
 * Node's HTTP client reads the proxy's answer, so a malformed one fails here, never in TLS.
 */
export function openTunnel(proxy: EgressProxy, address: string, port: number, timeoutMs: number): Promise<Socket> {
  const authority = address.includes(':') ? `[${address}]:${port}` : `${address}:${port}`;
  return new Promise((resolve, reject) => {
    const fail = (error: Error, outcome: string) => {
      tunnels.inc({ outcome });
      reject(error);
    };
    const req = request({
      host: proxy.host,
      port: proxy.port,
      method: 'CONNECT',
      path: authority,
      agent: false,
      timeout: timeoutMs,
      headers: { host: authority, ...(proxy.authorization && { 'proxy-authorization': proxy.authorization }) },
    });
    req.once('connect', (res, socket, head) => {
      if (res.statusCode !== 200) {
        socket.destroy();
        const why = res.statusCode === 407 ? 'refused the proxy credentials' : `answered HTTP ${res.statusCode}`;
        return fail(
          new ProxyTunnelError(`the egress proxy ${why} to CONNECT ${authority}`, 'EGRESS_PROXY_REFUSED'),
          'refused',
        );
      }
      socket.setTimeout(0);
      if (head.length > 0) socket.unshift(head);
      tunnels.inc({ outcome: 'opened' });
      resolve(socket);
    });
    req.once('timeout', () =>
      req.destroy(new ProxyTunnelError(`the egress proxy did not open a tunnel within ${timeoutMs} ms`, 'ETIMEDOUT')),
    );
    req.once('error', (error) => fail(error, 'error'));
    req.end();
  });
}
