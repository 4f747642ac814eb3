import { describe, expect, it } from 'vitest';
import { clientAddress, normalizeIp, trustedProxyList } from '../../src/server/net.ts';

describe('client address', () => {
  const trusted = trustedProxyList(['10.0.0.0/8', '127.0.0.1']);

  it('ignores X-Forwarded-For from a peer that is not a trusted proxy', () => {
    expect(clientAddress('203.0.113.9', '1.2.3.4', trusted)).toBe('203.0.113.9');
  });

  it('reads X-Forwarded-For right to left past every trusted hop', () => {
    expect(clientAddress('127.0.0.1', '198.51.100.7, 10.1.2.3', trusted)).toBe('198.51.100.7');
  });

  it('does not let a client prepend an address of its choosing', () => {
    // The visitor sent "X-Forwarded-For: 6.6.6.6"; the proxy appended the real peer.
    expect(clientAddress('10.0.0.5', '6.6.6.6, 198.51.100.7', trusted)).toBe('198.51.100.7');
  });

  it('treats IPv4-mapped IPv6 as IPv4', () => {
    expect(normalizeIp('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(clientAddress('::ffff:127.0.0.1', '192.0.2.44', trusted)).toBe('192.0.2.44');
  });
});
