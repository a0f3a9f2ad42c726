import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/lib/config.ts';
import { clientIp } from '../../src/lib/http/client-ip.ts';
import { parseTrustProxy } from '../../src/lib/http/trusted-proxies.ts';

const headers = (xff?: string) => new Headers(xff ? { 'x-forwarded-for': xff } : {});
/** The client address a request from `peer` with this X-Forwarded-For gets under TRUST_PROXY=`setting`. */
const client = (setting: string, peer: string, xff?: string) =>
  clientIp(peer, headers(xff), parseTrustProxy(setting).hopsFor(peer, xff));

// Security review, finding 6: with a hop count, whoever connected could name their own address.
describe('TRUST_PROXY as addresses and ranges (proxy-addr)', () => {
  it('believes X-Forwarded-For only from a listed peer', () => {
    expect(client('loopback', '127.0.0.1', '203.0.113.9')).toBe('203.0.113.9');
    expect(client('loopback', '::ffff:127.0.0.1', '203.0.113.9')).toBe('203.0.113.9');
    // A client reaching the port directly picks nothing: its own address counts.
    expect(client('loopback', '198.51.100.7', '203.0.113.9')).toBe('198.51.100.7');
    expect(client('10.0.0.0/8, 192.168.1.5', '192.168.1.5', '203.0.113.9')).toBe('203.0.113.9');
    expect(client('10.0.0.0/8, 192.168.1.5', '192.168.1.6', '203.0.113.9')).toBe('192.168.1.6');
  });

  it('walks back through every trusted proxy, and no further', () => {
    // client → 10.0.0.2 (ours) → 10.0.0.1 (ours, the peer); the spoofed left-most entry buys nothing.
    expect(client('10.0.0.0/8', '10.0.0.1', '6.6.6.6, 203.0.113.9, 10.0.0.2')).toBe('203.0.113.9');
  });

  it('keeps a hop count valid, as before', () => {
    expect(client('1', '198.51.100.7', '6.6.6.6, 203.0.113.9')).toBe('203.0.113.9');
    expect(client('0', '198.51.100.7', '203.0.113.9')).toBe('198.51.100.7');
    expect(parseTrustProxy('2').hopsFor('anyone', undefined)).toBe(2);
  });

  it('refuses a setting proxy-addr cannot read, naming TRUST_PROXY', () => {
    expect(() => parseConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
    expect(() => parseConfig({ TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY/);
    expect(() => parseConfig({ TRUST_PROXY: '11' })).toThrow(/TRUST_PROXY/);
    expect(parseConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8' }).TRUST_PROXY.enabled).toBe(true);
  });
});
