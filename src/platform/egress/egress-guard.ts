import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { IpPolicy } from './ip-policy.js';

/** Raised (as a socket error) when a connection would reach an address the IP policy refuses. */
export class BlockedAddressError extends Error {
  readonly code = 'EGRESS_BLOCKED';
  constructor(
    readonly host: string,
    readonly address: string,
    readonly reason: string,
  ) {
    super(`${host} resolves to a refused address (${reason})`);
  }
}

export type HostCheck =
  | { ok: true; addresses: string[] }
  | { ok: false; kind: 'dns'; message: string }
  | { ok: false; kind: 'blocked'; message: string; address: string };

const unbracket = (host: string) => (host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host);

/**
 * Applies the IP policy where it matters: on the addresses DNS gives for a host, at the moment
 * the socket connects (the lookup hook below), so a name that re-resolves to a private address
 * between a check and the connection (DNS rebinding) is still refused.
 */
export class EgressGuard {
  constructor(readonly policy: IpPolicy) {}

  /** Resolves a host (or takes an IP literal) and requires every address to pass the policy. */
  async checkHost(host: string): Promise<HostCheck> {
    const bare = unbracket(host);
    let addresses: string[];
    try {
      addresses = isIP(bare) ? [bare] : (await this.resolve(bare)).map((a) => a.address);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'error';
      return { ok: false, kind: 'dns', message: `host ${bare} does not resolve (${code})` };
    }
    for (const address of addresses) {
      const verdict = this.policy.check(address);
      if (!verdict.allowed) {
        return {
          ok: false,
          kind: 'blocked',
          address,
          message: new BlockedAddressError(bare, address, verdict.reason!).message,
        };
      }
    }
    return { ok: true, addresses };
  }

  /** Throws BlockedAddressError for a refused IP literal (net.connect skips lookup for those). */
  assertAddress(host: string, address: string): void {
    const verdict = this.policy.check(address);
    if (!verdict.allowed) throw new BlockedAddressError(host, address, verdict.reason!);
  }

  /** A net.connect lookup that resolves like the system does, then refuses blocked addresses. */
  readonly lookup: LookupFunction = (hostname, options, callback) => {
    this.resolve(hostname).then(
      (all) => {
        const refused = all.find((a) => !this.policy.isAllowed(a.address));
        if (refused) {
          const reason = this.policy.check(refused.address).reason!;
          return callback(new BlockedAddressError(hostname, refused.address, reason), '', 4);
        }
        const wanted = options.family ? all.filter((a) => a.family === options.family) : all;
        if (wanted.length === 0) {
          const error = Object.assign(new Error(`no address of family ${options.family} for ${hostname}`), {
            code: 'ENOTFOUND',
          });
          return callback(error, '', 4);
        }
        if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, wanted);
        callback(null, wanted[0].address, wanted[0].family);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 4),
    );
  };

  private resolve(hostname: string): Promise<LookupAddress[]> {
    return new Promise((resolve, reject) =>
      dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) =>
        error ? reject(error) : resolve(addresses),
      ),
    );
  }
}
