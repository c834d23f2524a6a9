import { isIPv4, isIPv6 } from 'node:net';

/**
 * The network a per-IP login limit counts a client by (BE-02): every place that counts or locks
 * "per IP" goes through this, so the limits agree on who one client is.
 *
 * - IPv4: the address itself. Philippine mobile carriers put many borrowers behind one address
 *   (carrier-grade NAT), so widening to a /24 would make strangers share a limit.
 * - IPv6: the /64. A connection is given a whole /64 and the device picks (and may change at will)
 *   the last 64 bits, so counting single addresses lets one client reset the count per request.
 * - IPv4-mapped IPv6 (`::ffff:203.0.113.7`, how a dual-stack socket reports an IPv4 client): the
 *   IPv4 address, so the same client is not two.
 *
 * Anything else (no address at all) is returned as written: it never matches a real client.
 */
export function clientNetwork(ip: string): string {
  const address = ip.trim().toLowerCase();
  if (isIPv4(address)) return address;
  // a zone id (`%eth0`) names the local interface, not the client
  const bare = address.replace(/%.*$/, '');
  if (!isIPv6(bare)) return ip;
  const groups = ipv6Groups(bare);
  const mapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
  if (mapped) return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.');
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, a trailing dotted IPv4 split in two). */
function ipv6Groups(address: string): number[] {
  const toGroups = (part: string): number[] =>
    part === ''
      ? []
      : part.split(':').flatMap((piece) => {
          if (!piece.includes('.')) return [parseInt(piece, 16)];
          const [a, b, c, d] = piece.split('.').map(Number) as [number, number, number, number];
          return [(a << 8) | b, (c << 8) | d];
        });
  const [head = '', tail] = address.split('::');
  const left = toGroups(head);
  if (tail === undefined) return left;
  const right = toGroups(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}
