import { describe, expect, it } from 'vitest';
import { clientIp } from '../../src/lib/http/client-ip.ts';

const xff = (value?: string) => new Headers(value === undefined ? {} : { 'X-Forwarded-For': value });

describe('clientIp', () => {
  it('uses the socket address and ignores X-Forwarded-For without trusted proxies', () => {
    expect(clientIp('203.0.113.9', xff('6.6.6.6'), 0)).toBe('203.0.113.9');
  });

  it('takes the right-most hop with one trusted proxy, whatever the client put on the left', () => {
    expect(clientIp('10.0.0.2', xff('203.0.113.9'), 1)).toBe('203.0.113.9');
    expect(clientIp('10.0.0.2', xff('6.6.6.6, 7.7.7.7, 203.0.113.9'), 1)).toBe('203.0.113.9');
  });

  it('counts N hops from the right with N trusted proxies', () => {
    expect(clientIp('10.0.0.3', xff('6.6.6.6, 203.0.113.9, 10.0.0.2'), 2)).toBe('203.0.113.9');
    // Fewer hops than proxies: the farthest address any trusted proxy saw.
    expect(clientIp('10.0.0.3', xff('203.0.113.9'), 2)).toBe('203.0.113.9');
  });

  it('falls back to the socket when the trusted hop is missing or not an address', () => {
    expect(clientIp('10.0.0.2', xff(), 1)).toBe('10.0.0.2');
    expect(clientIp('10.0.0.2', xff('6.6.6.6, not-an-ip'), 1)).toBe('10.0.0.2');
  });

  it('normalises IPv4-mapped IPv6, ports and brackets', () => {
    expect(clientIp('::ffff:127.0.0.1', xff(), 0)).toBe('127.0.0.1');
    expect(clientIp('10.0.0.2', xff('203.0.113.9:5123'), 1)).toBe('203.0.113.9');
    expect(clientIp('10.0.0.2', xff('[2001:DB8::1]:443'), 1)).toBe('2001:db8::1');
  });
});
