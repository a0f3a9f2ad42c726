import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../../src/lib/config.ts';

describe('parseConfig', () => {
  it('uses the embedded defaults', () => {
    expect(parseConfig({})).toMatchObject({ PORT: 4321, HOST: '127.0.0.1', DATA_DIR: './data', TRUST_PROXY: 0, LOG_LEVEL: 'info' });
  });

  it('treats empty values as unset', () => {
    expect(parseConfig({ PORT: '' }).PORT).toBe(4321);
  });

  it.each([
    ['PORT', 'eighty'], ['PORT', '70000'], ['TRUST_PROXY', '-1'], ['LOG_LEVEL', 'loud'], ['SITE_URL', 'not a url'], ['SITE_URL', 'ftp://example.org'],
  ])('rejects %s=%s with a message naming the variable', (name, value) => {
    expect(() => parseConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => parseConfig({ [name]: value })).toThrow(new RegExp(`${name}: .*got "${value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"`));
  });

  it('reports every bad variable at once', () => {
    try {
      parseConfig({ PORT: 'x', LOG_LEVEL: 'y' });
      expect.unreachable();
    } catch (err) {
      expect((err as ConfigError).problems).toHaveLength(2);
    }
  });
});

describe('form settings', () => {
  it('needs both Turnstile keys or neither', () => {
    expect(() => parseConfig({ TURNSTILE_SITE_KEY: 'site' })).toThrow(/TURNSTILE_SECRET_KEY/);
    expect(() => parseConfig({ TURNSTILE_SECRET_KEY: 'secret' })).toThrow(/TURNSTILE_SITE_KEY/);
    expect(parseConfig({ TURNSTILE_SITE_KEY: 'a', TURNSTILE_SECRET_KEY: 'b' }).TURNSTILE_VERIFY_URL).toContain('challenges.cloudflare.com');
  });

  it('allows RATE_LIMIT_DISABLED only on a loopback HOST', () => {
    expect(parseConfig({ RATE_LIMIT_DISABLED: '1' }).RATE_LIMIT_DISABLED).toBe(true);
    expect(parseConfig({}).RATE_LIMIT_DISABLED).toBe(false);
    expect(() => parseConfig({ RATE_LIMIT_DISABLED: '1', HOST: '0.0.0.0' })).toThrow(/RATE_LIMIT_DISABLED: .*loopback/);
    expect(() => parseConfig({ RATE_LIMIT_DISABLED: 'yes' })).toThrow(/RATE_LIMIT_DISABLED/);
  });
});
