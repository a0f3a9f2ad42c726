import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/lib/config.ts';
import { forwardedValue, publicOrigin } from '../../src/lib/http/public-origin.ts';

describe('publicOrigin', () => {
  const request = (headers: Record<string, string> = {}) => new Request('http://127.0.0.1:4321/staff', { headers });

  it('uses SITE_URL when set, whatever was forwarded', () => {
    expect(publicOrigin(request(), parseConfig({ SITE_URL: 'https://www.northgate.example/base' }))).toBe(
      'https://www.northgate.example',
    );
    const forwarded = request({ 'x-forwarded-proto': 'http', 'x-forwarded-host': 'evil.example' });
    expect(publicOrigin(forwarded, parseConfig({ SITE_URL: 'https://www.northgate.example', TRUST_PROXY: '1' }))).toBe(
      'https://www.northgate.example',
    );
  });

  it('believes X-Forwarded-Proto and X-Forwarded-Host only from a trusted proxy', () => {
    const forwarded = request({ 'x-forwarded-proto': 'https', 'x-forwarded-host': 'northgate.example' });
    expect(publicOrigin(forwarded, parseConfig({}))).toBe('http://127.0.0.1:4321');
    expect(publicOrigin(request({ 'x-forwarded-proto': 'https' }), parseConfig({ TRUST_PROXY: '1' }))).toBe(
      'https://127.0.0.1:4321',
    );
    expect(publicOrigin(forwarded, parseConfig({ TRUST_PROXY: '1' }))).toBe('https://northgate.example');
  });

  it('reads as many hops as TRUST_PROXY trusts, like X-Forwarded-For', () => {
    // The client wrote the left-most entries itself; our one proxy appended what it saw.
    const spoofed = request({
      'x-forwarded-proto': 'https, http',
      'x-forwarded-host': 'evil.example, northgate.example',
    });
    expect(publicOrigin(spoofed, parseConfig({ TRUST_PROXY: '1' }))).toBe('http://northgate.example');
    // Two proxies: the outer one terminated TLS, the inner one reached us over plain HTTP.
    const twoHops = request({
      'x-forwarded-proto': 'https, http',
      'x-forwarded-host': 'northgate.example, internal.lan',
    });
    expect(publicOrigin(twoHops, parseConfig({ TRUST_PROXY: '2' }))).toBe('https://northgate.example');
  });

  it('ignores a forwarded host or scheme that is not one', () => {
    const odd = request({ 'x-forwarded-proto': 'javascript', 'x-forwarded-host': 'evil.example/path@x' });
    expect(publicOrigin(odd, parseConfig({ TRUST_PROXY: '1' }))).toBe('http://127.0.0.1:4321');
  });
});

describe('forwardedValue', () => {
  it.each([
    ['https', 0, undefined],
    [null, 1, undefined],
    ['', 1, undefined],
    ['https', 1, 'https'],
    ['https, http', 1, 'http'],
    ['https, http', 2, 'https'],
    ['https', 3, 'https'],
    [' , ', 1, undefined],
  ] as const)('%j with TRUST_PROXY=%d → %j', (header, trust, value) =>
    expect(forwardedValue(header, trust)).toBe(value),
  );
});
