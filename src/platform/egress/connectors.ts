import { isIP } from 'node:net';
import { connect as tlsConnect, type SecureContext } from 'node:tls';
import { buildConnector } from 'undici';
import { openTunnel, type EgressProxy } from './connect-tunnel.js';
import { BlockedAddressError, type EgressGuard } from './egress-guard.js';

export interface ConnectorOptions {
  guard: EgressGuard;
  /** The trusted roots, and for a subscription with mTLS its client certificate and key. */
  secureContext: SecureContext;
  /** Bound on opening one connection: resolution, TCP, the proxy's tunnel and TLS. */
  timeoutMs: number;
  /** EGRESS_PROXY_URL: every connection goes through its CONNECT tunnel. */
  proxy?: EgressProxy;
}

const unbracket = (host: string) => (host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host);

/**
 * How egress opens a TLS connection to an endpoint, with the IP policy applied before a byte leaves:
 * directly (the policy judges the resolved addresses and the peer), or through the egress proxy
 * (the target is resolved and judged here, and the tunnel asked for that judged address).
 */
export function egressConnector(options: ConnectorOptions): buildConnector.connector {
  return options.proxy ? proxiedConnector(options, options.proxy) : directConnector(options);
}

function directConnector({ guard, secureContext, timeoutMs }: ConnectorOptions): buildConnector.connector {
  const connector = buildConnector({ secureContext, lookup: guard.lookup, timeout: timeoutMs, allowH2: false });
  return (options, callback) => {
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
  };
}

function proxiedConnector(
  { guard, secureContext, timeoutMs }: ConnectorOptions,
  proxy: EgressProxy,
): buildConnector.connector {
  return (options, callback) => {
    let settled = false;
    const done: buildConnector.Callback = (error, socket) => {
      if (settled) return socket?.destroy();
      settled = true;
      clearTimeout(timer);
      if (error) callback(error, null);
      else callback(null, socket!);
    };
    const timer = setTimeout(
      () =>
        done(
          Object.assign(new Error(`no connection within ${timeoutMs} ms`), { code: 'UND_ERR_CONNECT_TIMEOUT' }),
          null,
        ),
      timeoutMs,
    );
    tunnelTo(guard, proxy, unbracket(options.hostname), Number(options.port || 443), timeoutMs).then(
      (tunnel) => {
        if (settled) return tunnel.destroy();
        const host = unbracket(options.hostname);
        const tls = tlsConnect({
          socket: tunnel,
          secureContext,
          // The certificate is checked against the name the URL gave, as on a direct connection.
          host,
          servername: isIP(host) ? undefined : (options.servername ?? host),
          ALPNProtocols: ['http/1.1'],
        });
        tls.once('secureConnect', () => done(null, tls));
        tls.once('error', (error) => done(error, null));
      },
      (error: Error) => done(error, null),
    );
  };
}

/** Resolves and judges the target (every address must pass), then tunnels to the first judged address. */
async function tunnelTo(guard: EgressGuard, proxy: EgressProxy, host: string, port: number, timeoutMs: number) {
  const check = await guard.checkHost(host);
  if (!check.ok) {
    if (check.kind === 'blocked')
      throw new BlockedAddressError(host, check.address, guard.policy.check(check.address).reason ?? 'refused');
    throw Object.assign(new Error(check.message), { code: 'ENOTFOUND' });
  }
  return openTunnel(proxy, check.addresses[0], port, timeoutMs);
}
