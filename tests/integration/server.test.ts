import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { connect } from 'node:net';
import { startServer, useServer } from '../helpers/server.ts';

const server = useServer({ TRUST_PROXY: '1' });

const get = (path: string, init?: RequestInit) => fetch(server.url + path, { redirect: 'manual', ...init });

async function expectApiError(res: Response, status: number, code: string) {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
  const body = await res.json();
  expect(body.error.code).toBe(code);
  expect(typeof body.error.message).toBe('string');
  return body;
}

describe('API ground floor', () => {
  it('answers the health probe', async () => {
    const res = await get('/api/health');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it.each(['GET', 'POST', 'DELETE', 'PUT', 'PATCH'])(
    'answers %s on an unknown /api path with NOT_FOUND JSON',
    async (method) => {
      const res = await get('/api/no/such/thing', { method, body: method === 'GET' ? undefined : '{}' });
      const body = await expectApiError(res, 404, 'NOT_FOUND');
      expect(body.error.resolution).toContain('/openapi.json');
    },
  );

  it('answers a wrong method on a known route with 405 and Allow', async () => {
    const res = await get('/api/health', { method: 'POST' });
    await expectApiError(res, 405, 'METHOD_NOT_ALLOWED');
    expect(res.headers.get('allow')).toBe('GET, HEAD');
  });

  it.each([
    '/api/health',
    '/api/search?q=greek',
    '/api/challenge/required',
    '/openapi.json',
    '/.well-known/ai-catalog.json',
  ])('answers HEAD on GET route %s like GET, without a body', async (path) => {
    const [head, getRes] = await Promise.all([get(path, { method: 'HEAD' }), get(path)]);
    expect(head.status).toBe(getRes.status);
    expect(head.headers.get('content-type')).toBe(getRes.headers.get('content-type'));
    expect(await head.text()).toBe('');
  });

  it('answers unknown /.well-known paths with a real 404, not HTML', async () => {
    const res = await get('/.well-known/nothing-here');
    await expectApiError(res, 404, 'NOT_FOUND');
  });
});

describe('pages and headers', () => {
  it('serves the homepage with security headers', async () => {
    const res = await get('/');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('permissions-policy')).toContain('camera=()');
    expect(res.headers.get('strict-transport-security')).toBeNull();
    expect(res.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    expect(await res.text()).toContain('<main id="main"');
  });

  it('adds HSTS when a trusted proxy says the request came over https', async () => {
    const res = await get('/', { headers: { 'X-Forwarded-Proto': 'https' } });
    expect(res.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
  });

  it('puts security headers on API answers too', async () => {
    const res = await get('/api/health');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });

  it('serves hashed assets as immutable and text compressed', async () => {
    const html = await (await get('/')).text();
    const asset = html.match(/href="(\/_astro\/[^"]+\.css)"/)?.[1];
    expect(asset).toMatch(/^\/_astro\/.+\.css$/);
    const res = await get(asset!, { headers: { 'Accept-Encoding': 'br, gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('immutable');
    expect(res.headers.get('content-encoding')).toBe('br');
    const gz = await get('/courses/', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
  });

  it('answers conditional and range requests for pages', async () => {
    const first = await get('/courses/bib201/');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^(W\/)?"[^"]+"$/);
    const again = await get('/courses/bib201/', { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    // Ranges are rare for pages; the disk handler answers them.
    const range = await get('/courses/bib201/', { headers: { Range: 'bytes=0-99' } });
    expect(range.status).toBe(206);
    expect((await range.text()).length).toBe(100);
  });

  it('serves a course page with its prerequisites linked', async () => {
    const res = await get('/courses/bib201/');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('Biblical Greek I');
    expect(html).toContain('href="/courses/bib101/"');
  });

  it('answers an unknown page with the 404 page and status 404', async () => {
    const res = await get('/no-such-page/');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await res.text()).toContain('Page not found');
  });

  it('lists public pages in the sitemap and keeps robots out of the staff area', async () => {
    const index = await (await get('/sitemap-index.xml')).text();
    expect(index).toContain('sitemap-0.xml');
    const sitemap = await (await get('/sitemap-0.xml')).text();
    expect(sitemap).toContain('/courses/bib201/');
    expect(sitemap).toContain('/handbook/');
    expect(sitemap).not.toContain('/404');
    const robots = await (await get('/robots.txt')).text();
    expect(robots).toContain('Disallow: /staff');
    expect(robots).toContain('Sitemap:');
  });

  it('writes one structured log line per request', async () => {
    await get('/api/health?limit=1&log-probe=secret');
    const line = await server.waitForLog((l) => l.path === '/api/health?limit=1&log-probe=REDACTED');
    expect(line).toMatchObject({ method: 'GET', status: 200, msg: 'request' });
    expect(typeof line!.ms).toBe('number');
  });
});

describe('start-up and shutdown', () => {
  it('refuses to start on a bad setting and names the variable', () => {
    const run = spawnSync(process.execPath, ['server/index.ts'], {
      env: { PATH: process.env.PATH, PORT: 'eighty' },
      encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('PORT');
  });

  it('refuses to start on a public HOST with SMTP_URL on loopback and no SITE_URL, naming SITE_URL', () => {
    const env = { PATH: process.env.PATH, HOST: '0.0.0.0', SMTP_URL: 'smtp://127.0.0.1:25' };
    const run = spawnSync(process.execPath, ['server/index.ts'], { env, encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('SITE_URL');
  });

  it('lets an in-flight request finish after SIGTERM, then exits 0', async () => {
    const own = await startServer();
    // A request whose headers are still arriving when the signal comes: it must still get its answer.
    const socket = connect(own.port, '127.0.0.1');
    await new Promise((r) => socket.once('connect', r));
    socket.write('GET /courses/ HTTP/1.1\r\nHost: localhost\r\n');
    await new Promise((r) => setTimeout(r, 100));
    const exit = own.stop('SIGTERM');
    await new Promise((r) => setTimeout(r, 200));
    let answer = '';
    socket.on('data', (d) => {
      answer += d;
    });
    socket.write('Connection: close\r\n\r\n');
    await new Promise((r) => socket.once('end', r));
    expect(answer).toMatch(/^HTTP\/1.1 200 OK/);
    expect(answer).toContain('Course catalog');
    expect(await exit).toBe(0);
  });
});
