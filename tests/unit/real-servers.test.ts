import { afterEach, describe, expect, it, vi } from 'vitest';
import { unavailable } from '../helpers/real-servers.ts';

describe('real servers in tests: skip or fail', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
  });

  it('skips with a printed reason outside CI when the binary is missing', () => {
    vi.stubEnv('CI', '');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(unavailable('PostgreSQL', '/nonexistent/postgres')).toMatch(
      /PostgreSQL not found \(\/nonexistent\/postgres\)/,
    );
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/^skipping: PostgreSQL not found/));
  });

  it('fails in CI when the binary is missing', () => {
    vi.stubEnv('CI', 'true');
    expect(() => unavailable('redis-server', undefined)).toThrow(/CI=true and redis-server not found/);
  });

  it('runs when the binary is there', () => {
    vi.stubEnv('CI', 'true');
    expect(unavailable('node', process.execPath)).toBeUndefined();
  });
});
