/**
 * Security review, finding 6: TRUST_PROXY as a list of our proxies' addresses. A peer outside the list (here every
 * test request, from 127.0.0.1, while the list names 10.0.0.0/8) is a client: its X-Forwarded-* are ignored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../helpers/server.ts';

const forged = { 'X-Forwarded-For': '203.0.113.9', 'X-Forwarded-Host': 'evil.example', 'X-Forwarded-Proto': 'https' };
const catalogHrefs = async (server: RunningServer, headers: Record<string, string>) =>
  JSON.stringify(await (await fetch(`${server.url}/.well-known/api-catalog`, { headers })).json());

describe('TRUST_PROXY naming the proxies (10.0.0.0/8), a request from elsewhere', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ TRUST_PROXY: '10.0.0.0/8' });
  });
  afterAll(() => server?.stop());

  it('cannot choose the origin of the discovery documents with X-Forwarded-Host', async () => {
    const hrefs = await catalogHrefs(server, forged);
    expect(hrefs).not.toContain('evil.example');
    expect(hrefs).toContain(new URL(server.url).host);
  });

  it('cannot pick its own address to escape a rate limit', async () => {
    const remaining = new Set<string | null>();
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${server.url}/api/search?q=greek+${i}`, {
        headers: { 'X-Forwarded-For': `203.0.113.${i}` },
      });
      remaining.add(res.headers.get('x-ratelimit-remaining'));
    }
    // One client (the socket's address), counting down; three forged addresses would each have shown 59.
    expect([...remaining]).toEqual(['59', '58', '57']);
  });

  it('gets no HSTS for a forged X-Forwarded-Proto', async () => {
    const res = await fetch(`${server.url}/api/health`, { headers: forged });
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });
});

describe('TRUST_PROXY naming the proxies (loopback), a request through the proxy', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ TRUST_PROXY: 'loopback' });
  });
  afterAll(() => server?.stop());

  it('takes the origin the proxy forwarded', async () => {
    expect(await catalogHrefs(server, forged)).toContain('https://evil.example');
  });
});
