import { IpPolicy } from '../../src/platform/egress/ip-policy.js';

describe('IpPolicy', () => {
  const policy = new IpPolicy();

  it.each([
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['127.0.0.1', 'loopback'],
    ['169.254.169.254', 'linkLocal'],
    ['100.64.0.1', 'carrierGradeNat'],
    ['224.0.0.1', 'multicast'],
    ['0.0.0.0', 'unspecified'],
    ['255.255.255.255', 'broadcast'],
    ['240.0.0.1', 'reserved'],
    ['192.0.2.10', 'reserved'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fe80::1', 'linkLocal'],
    ['fc00::1', 'uniqueLocal'],
    ['fd12:3456::1', 'uniqueLocal'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'reserved'],
  ])('refuses %s (%s)', (ip, reason) => {
    expect(policy.check(ip)).toEqual({ allowed: false, reason });
  });

  it.each([
    ['::ffff:127.0.0.1'],
    ['::ffff:7f00:1'],
    ['::ffff:10.0.0.1'],
    ['[::ffff:169.254.169.254]'],
    ['64:ff9b::10.0.0.1'],
    ['64:ff9b::7f00:1'],
    ['2002:7f00:1::'],
    ['2002:c0a8:0101::1'],
    ['::ffff:0:10.0.0.1'],
    ['64:ff9b:1::1'],
    ['2001:0:4136:e378::1'],
    ['::127.0.0.1'],
  ])('refuses the embedded or special IPv6 form %s', (ip) => {
    expect(policy.check(ip).allowed).toBe(false);
  });

  it.each([
    ['8.8.8.8'],
    ['1.1.1.1'],
    ['2606:4700:4700::1111'],
    ['::ffff:8.8.8.8'],
    ['64:ff9b::808:808'],
    ['2002:0808:0808::1'],
  ])('allows public %s', (ip) => {
    expect(policy.check(ip)).toEqual({ allowed: true });
  });

  it('refuses what is not an IP address', () => {
    expect(policy.check('example.com')).toEqual({ allowed: false, reason: 'not an IP address' });
  });

  it('allows addresses inside an allow-listed range, in any form', () => {
    const allowing = new IpPolicy(['127.0.0.0/8', 'fd00::/8']);
    expect(allowing.isAllowed('127.0.0.1')).toBe(true);
    expect(allowing.isAllowed('::ffff:127.0.0.1')).toBe(true);
    expect(allowing.isAllowed('fd00::5')).toBe(true);
    expect(allowing.isAllowed('10.0.0.1')).toBe(false);
    expect(allowing.isAllowed('::1')).toBe(false);
  });

  it('rejects a malformed allow-list entry', () => {
    expect(() => new IpPolicy(['10.0.0.0/33'])).toThrow('not a CIDR range: 10.0.0.0/33');
  });
});
