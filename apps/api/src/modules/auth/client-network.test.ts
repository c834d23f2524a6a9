import { describe, expect, it } from 'vitest';
import { clientNetwork } from './client-network.ts';

describe('the network a client is counted by (BE-02 per-IP limits)', () => {
  it('IPv4: the address itself', () => {
    expect(clientNetwork('203.0.113.7')).toBe('203.0.113.7');
    expect(clientNetwork('127.0.0.1')).toBe('127.0.0.1');
  });

  it('IPv6: its /64, whichever way the address is written', () => {
    const same = [
      '2001:db8:1:2::1',
      '2001:db8:1:2::ffff',
      '2001:0db8:0001:0002:0000:0000:0000:0001',
      '2001:DB8:1:2:aaaa:bbbb:cccc:dddd',
      '2001:db8:1:2:0:0:1.2.3.4',
      '2001:db8:1:2::9%eth0',
    ];
    for (const ip of same) expect(clientNetwork(ip)).toBe('2001:db8:1:2::/64');
    expect(clientNetwork('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(clientNetwork('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientNetwork('::1')).toBe('0:0:0:0::/64');
  });

  it('an IPv4-mapped IPv6 address is its IPv4 address (a dual-stack socket reports IPv4 clients so)', () => {
    expect(clientNetwork('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientNetwork('::FFFF:cb00:7107')).toBe('203.0.113.7');
    expect(clientNetwork('0:0:0:0:0:ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('something that is not an address is counted as written (never merged with a real client)', () => {
    expect(clientNetwork('')).toBe('');
    expect(clientNetwork('not-an-ip')).toBe('not-an-ip');
  });
});
