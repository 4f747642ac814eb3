import { BlockList, isIP } from 'node:net';

/** `::ffff:1.2.3.4` and `1.2.3.4` are the same visitor. */
export function normalizeIp(ip: string): string {
  const trimmed = ip.trim();
  return trimmed.startsWith('::ffff:') && isIP(trimmed.slice(7)) === 4 ? trimmed.slice(7) : trimmed;
}

/** A matcher for the configured trusted proxies (addresses or CIDR ranges). */
export function trustedProxyList(entries: string[]): (ip: string) => boolean {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', bits] = entry.split('/');
    const family = isIP(address);
    if (family === 0) throw new Error(`TRUSTED_PROXIES: "${entry}" is not an IP address or CIDR range`);
    const type = family === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  return (ip) => {
    const n = normalizeIp(ip);
    const family = isIP(n);
    return family !== 0 && list.check(n, family === 6 ? 'ipv6' : 'ipv4');
  };
}

/**
 * The visitor's address: the socket peer, unless that peer is a trusted proxy, in which
 * case X-Forwarded-For is read right to left past every trusted hop. A header sent by
 * anyone else is ignored, so nobody can claim another address.
 */
export function clientAddress(remote: string | undefined, forwardedFor: string | null | undefined, trusted: (ip: string) => boolean): string {
  let current = normalizeIp(remote ?? '');
  if (!forwardedFor || !trusted(current)) return current;
  const hops = forwardedFor
    .split(',')
    .map(normalizeIp)
    .filter((h) => isIP(h) !== 0);
  while (hops.length > 0 && trusted(current)) current = hops.pop() ?? current;
  return current;
}
