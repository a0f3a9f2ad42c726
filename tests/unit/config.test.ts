import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../../src/lib/config.ts';

describe('parseConfig', () => {
  it('uses the embedded defaults', () => {
    expect(parseConfig({})).toMatchObject({ PORT: 4321, HOST: '127.0.0.1', DATA_DIR: './data', LOG_LEVEL: 'info' });
    expect(parseConfig({}).TRUST_PROXY).toMatchObject({ setting: '0', enabled: false });
  });

  it('has a contact address for integrators by default, and takes another', () => {
    expect(parseConfig({}).CONTACT_EMAIL).toBe('developers@northgate.example');
    expect(parseConfig({ CONTACT_EMAIL: 'api@northgate.example' }).CONTACT_EMAIL).toBe('api@northgate.example');
  });

  it('treats empty values as unset', () => {
    expect(parseConfig({ PORT: '' }).PORT).toBe(4321);
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['TRUST_PROXY', '-1'],
    ['LOG_LEVEL', 'loud'],
    ['SITE_URL', 'not a url'],
    ['SITE_URL', 'ftp://example.org'],
    ['CONTACT_EMAIL', 'developers at northgate'],
  ])('rejects %s=%s with a message naming the variable', (name, value) => {
    expect(() => parseConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => parseConfig({ [name]: value })).toThrow(
      new RegExp(`${name}: .*got "${value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"`),
    );
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
    expect(parseConfig({ TURNSTILE_SITE_KEY: 'a', TURNSTILE_SECRET_KEY: 'b' }).TURNSTILE_VERIFY_URL).toContain(
      'challenges.cloudflare.com',
    );
  });

  it('allows the calendar clock CLOCK_NOW only on a loopback HOST, as an instant', () => {
    expect(parseConfig({ CLOCK_NOW: '2026-11-06T00:00:00Z' }).CLOCK_NOW?.toISOString()).toBe(
      '2026-11-06T00:00:00.000Z',
    );
    expect(parseConfig({}).CLOCK_NOW).toBeUndefined();
    expect(() => parseConfig({ CLOCK_NOW: '2026-11-06T00:00:00Z', HOST: '0.0.0.0' })).toThrow(/CLOCK_NOW: .*loopback/);
    expect(() => parseConfig({ CLOCK_NOW: 'tomorrow' })).toThrow(/CLOCK_NOW: must be an ISO 8601 instant/);
  });

  it('allows RATE_LIMIT_DISABLED only on a loopback HOST', () => {
    expect(parseConfig({ RATE_LIMIT_DISABLED: '1' }).RATE_LIMIT_DISABLED).toBe(true);
    expect(parseConfig({}).RATE_LIMIT_DISABLED).toBe(false);
    expect(() => parseConfig({ RATE_LIMIT_DISABLED: '1', HOST: '0.0.0.0' })).toThrow(/RATE_LIMIT_DISABLED: .*loopback/);
    expect(() => parseConfig({ RATE_LIMIT_DISABLED: 'yes' })).toThrow(/RATE_LIMIT_DISABLED/);
  });
});

// Security review (issue 31): provider URLs that carry an API key or secret must not send it in plain http off the machine.
describe('provider URLs that carry keys', () => {
  it('must be https unless on loopback', () => {
    const gemini = { GOOGLE_GENERATIVE_AI_API_KEY: 'k' };
    expect(() => parseConfig({ ...gemini, GOOGLE_GENERATIVE_AI_BASE_URL: 'http://gemini.example/v1beta' })).toThrow(
      /GOOGLE_GENERATIVE_AI_BASE_URL: must be an https URL/,
    );
    expect(
      parseConfig({ ...gemini, GOOGLE_GENERATIVE_AI_BASE_URL: 'http://127.0.0.1:9/v1beta' })
        .GOOGLE_GENERATIVE_AI_BASE_URL,
    ).toBe('http://127.0.0.1:9/v1beta');
    const openai = { CHAT_OPENAI_BASE_URL: 'http://llm.lan:11434/v1', CHAT_MODEL: 'm' };
    expect(() => parseConfig({ ...openai, CHAT_OPENAI_API_KEY: 'k' })).toThrow(
      /CHAT_OPENAI_BASE_URL: must be an https URL/,
    );
    expect(parseConfig(openai).CHAT_OPENAI_BASE_URL).toBe('http://llm.lan:11434/v1');
    expect(
      parseConfig({ ...openai, CHAT_OPENAI_BASE_URL: 'http://[::1]:11434/v1', CHAT_OPENAI_API_KEY: 'k' }).CHAT_MODEL,
    ).toBe('m');
    const turnstile = { TURNSTILE_SITE_KEY: 's', TURNSTILE_SECRET_KEY: 'k' };
    expect(() => parseConfig({ ...turnstile, TURNSTILE_VERIFY_URL: 'http://verify.example/' })).toThrow(
      /TURNSTILE_VERIFY_URL: must be an https URL/,
    );
    expect(parseConfig({ ...turnstile, TURNSTILE_VERIFY_URL: 'http://localhost:9/' }).TURNSTILE_VERIFY_URL).toBe(
      'http://localhost:9/',
    );
  });
});

describe('scale-out settings', () => {
  it('accepts PostgreSQL and Redis URLs and a pool size', () => {
    const c = parseConfig({
      DATABASE_URL: 'postgres://app:pw@db:5432/institute',
      DATABASE_POOL_SIZE: '20',
      REDIS_URL: 'rediss://cache:6380',
    });
    expect(c).toMatchObject({
      DATABASE_URL: 'postgres://app:pw@db:5432/institute',
      DATABASE_POOL_SIZE: 20,
      REDIS_URL: 'rediss://cache:6380',
    });
    expect(parseConfig({ DATABASE_URL: 'postgresql://db/institute' }).DATABASE_URL).toBe('postgresql://db/institute');
    expect(parseConfig({}).DATABASE_POOL_SIZE).toBe(10);
    expect(parseConfig({}).DATABASE_URL).toBeUndefined();
    expect(parseConfig({}).REDIS_URL).toBeUndefined();
  });

  it.each([
    ['DATABASE_URL', 'mysql://db/institute'],
    ['DATABASE_URL', 'not a url'],
    ['REDIS_URL', 'http://cache:6379'],
    ['DATABASE_POOL_SIZE', '0'],
    ['DATABASE_POOL_SIZE', '1000'],
    ['DATABASE_POOL_SIZE', 'many'],
  ])('rejects %s=%s', (name, value) => {
    expect(() => parseConfig({ [name]: value })).toThrow(new RegExp(`${name}: `));
  });

  it('never echoes a URL that may hold a password in the error', () => {
    expect(() => parseConfig({ DATABASE_URL: 'mysql://app:hunter2@db/x' })).toThrow(/DATABASE_URL: .*hidden/);
    expect(() => parseConfig({ DATABASE_URL: 'mysql://app:hunter2@db/x' })).not.toThrow(/hunter2/);
    expect(() => parseConfig({ REDIS_URL: 'http://:hunter2@cache' })).not.toThrow(/hunter2/);
  });
});
