import ipaddr from 'ipaddr.js';

type Address = ipaddr.IPv4 | ipaddr.IPv6;

export interface IpVerdict {
  allowed: boolean;
  /** Why an address is refused: the special range it falls in (e.g. "loopback", "private"). */
  reason?: string;
}

/** IPv6 forms that carry an IPv4 address, and where that address sits in the 16 bytes. */
const EMBEDDED_IPV4_OFFSET: Record<string, number> = { ipv4Mapped: 12, rfc6145: 12, rfc6052: 12, '6to4': 2 };

const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR('2000::/3');

/**
 * Decides which addresses Hookline may connect to. Only public unicast is allowed: every special
 * range ipaddr.js knows (private, loopback, link-local, CGNAT, multicast, reserved, ULA, …) is
 * refused, and IPv6 forms that embed an IPv4 address (mapped, NAT64, 6to4) are judged by that
 * address so they cannot smuggle a private target. Addresses inside an allow-listed CIDR pass.
 */
export class IpPolicy {
  private readonly allowed: [Address, number][];

  constructor(allowCidrs: readonly string[] = []) {
    this.allowed = allowCidrs.map((cidr) => {
      try {
        return ipaddr.parseCIDR(cidr.trim());
      } catch {
        throw new Error(`not a CIDR range: ${cidr}`);
      }
    });
  }

  check(ip: string): IpVerdict {
    const address = parse(ip);
    if (!address) return { allowed: false, reason: 'not an IP address' };
    const forms = [address, ...embeddedIpv4(address)];
    if (forms.some((form) => this.isAllowListed(form))) return { allowed: true };
    return judge(address);
  }

  isAllowed(ip: string): boolean {
    return this.check(ip).allowed;
  }

  private isAllowListed(address: Address): boolean {
    return this.allowed.some(([range, bits]) => range.kind() === address.kind() && address.match(range, bits));
  }
}

function parse(ip: string): Address | undefined {
  const bare = ip.startsWith('[') && ip.endsWith(']') ? ip.slice(1, -1) : ip;
  // Zone ids (fe80::1%eth0) say nothing about the range; ipaddr.js keeps them out of range().
  return ipaddr.isValid(bare) ? ipaddr.parse(bare) : undefined;
}

function embeddedIpv4(address: Address): ipaddr.IPv4[] {
  if (address.kind() !== 'ipv6') return [];
  const offset = EMBEDDED_IPV4_OFFSET[address.range()];
  if (offset === undefined) return [];
  // The RFC 8215 local-use NAT64 prefix (64:ff9b:1::/48) has no fixed place for the IPv4 part.
  const v6 = address as ipaddr.IPv6;
  if (v6.range() === 'rfc6052' && v6.parts[2] !== 0) return [];
  const bytes = v6.toByteArray().slice(offset, offset + 4);
  return [new ipaddr.IPv4(bytes)];
}

function judge(address: Address): IpVerdict {
  const range = address.range();
  if (address.kind() === 'ipv4') return range === 'unicast' ? { allowed: true } : { allowed: false, reason: range };
  const embedded = embeddedIpv4(address);
  if (embedded.length > 0) {
    const inner = judge(embedded[0]);
    return inner.allowed ? inner : { allowed: false, reason: `${range} form of ${inner.reason}` };
  }
  if (range !== 'unicast') return { allowed: false, reason: range };
  // Everything public in IPv6 lives in 2000::/3; the rest is unassigned or special.
  if (!address.match(GLOBAL_UNICAST_V6)) return { allowed: false, reason: 'unassigned' };
  return { allowed: true };
}
