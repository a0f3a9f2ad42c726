import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, request, type Server } from 'node:http';
import { connect } from 'node:net';
import { join } from 'node:path';
import pino from 'pino';
import { getConfig } from '../../src/lib/config.ts';
import { apiErrorSchema } from '../../src/schemas/api-error.ts';
import { createApp } from '../../server/app.ts';
import { useServer } from '../helpers/server.ts';

// A provider is configured, so /api/auth/* reaches Auth.js, which reads the body of a POST.
const PROVIDER = {
  AUTH_SECRET: 'integration-secret-of-at-least-32-characters',
  STAFF_EMAIL_DOMAINS: 'northgate.example',
  AUTH_OIDC_ISSUER: 'http://127.0.0.1:9',
  AUTH_OIDC_ID: 'web',
  AUTH_OIDC_SECRET: 'oidc-secret',
};

const server = useServer(PROVIDER);

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * Sends the head of a request and `body` over a plain socket, never finishing a declared or chunked body, and
 * reads the answer: a server that waits for the whole body never answers (the test times out).
 */
function rawRequest(head: string, body = ''): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(server.port, '127.0.0.1');
    let received = '';
    const parse = () => {
      const end = received.indexOf('\r\n\r\n');
      if (end === -1) return undefined;
      const [statusLine, ...lines] = received.slice(0, end).split('\r\n');
      const headers = Object.fromEntries(
        lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
      );
      const rest = received.slice(end + 4);
      const status = Number(statusLine.split(' ')[1]);
      if (headers['transfer-encoding'] === 'chunked') {
        let body = '';
        for (let at = 0; ;) {
          const lineEnd = rest.indexOf('\r\n', at);
          if (lineEnd === -1) return undefined;
          const size = parseInt(rest.slice(at, lineEnd), 16);
          if (size === 0) return { status, headers, body };
          if (rest.length < lineEnd + 2 + size) return undefined;
          body += rest.slice(lineEnd + 2, lineEnd + 2 + size);
          at = lineEnd + 4 + size;
        }
      }
      const length = Number(headers['content-length'] ?? NaN);
      if (!(rest.length >= length)) return undefined;
      return { status, headers, body: rest.slice(0, length) };
    };
    socket.setEncoding('latin1');
    socket.on('data', (d) => {
      received += d;
      const answer = parse();
      if (answer) {
        socket.destroy();
        resolve(answer);
      }
    });
    // The server may reset the connection once it has answered: what arrived before counts.
    socket.on('error', () => {
      const answer = parse();
      if (answer) resolve(answer);
      else reject(new Error(`no answer: ${received}`));
    });
    socket.on('close', () => {
      const answer = parse();
      if (answer) resolve(answer);
      else reject(new Error(`closed without an answer: ${received}`));
    });
    socket.write(head.replaceAll('\n', '\r\n') + '\r\n');
    if (body) socket.write(body);
  });
}

const chunked = (size: number, chunk = 4096) => {
  let out = '';
  for (let sent = 0; sent < size; sent += chunk) out += `${chunk.toString(16)}\r\n${'a'.repeat(chunk)}\r\n`;
  return out; // no last chunk: the body never ends
};

function expectApiErrorBody(
  answer: { status: number; headers: Record<string, string>; body: string },
  status: number,
  code: string,
) {
  expect(answer.status).toBe(status);
  expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
  const body = apiErrorSchema.parse(JSON.parse(answer.body));
  expect(body.error.code).toBe(code);
}

describe('request bodies are capped before anything reads them', () => {
  it('refuses a declared 900 MB form to /api/auth/* at once, with a JSON 413', async () => {
    const answer = await rawRequest(
      `POST /api/auth/signin/oidc HTTP/1.1\nHost: 127.0.0.1\nContent-Type: application/x-www-form-urlencoded\nContent-Length: ${900 * 1024 * 1024}\n`,
      'csrfToken=' + 'a'.repeat(1000),
    );
    expectApiErrorBody(answer, 413, 'PAYLOAD_TOO_LARGE');
  });

  it('leaves the rest of a refused body unread and closes the connection', async () => {
    const socket = connect(server.port, '127.0.0.1');
    socket.on('data', () => {});
    const closed = new Promise<void>((resolve) => {
      socket.on('close', () => resolve());
      socket.on('error', () => {});
    });
    socket.write(
      `POST /api/auth/signin/oidc HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: ${900 * 1024 * 1024}\r\n\r\n`,
    );
    let written = 0;
    let open = true;
    void closed.then(() => {
      open = false;
    });
    const chunk = Buffer.alloc(64 * 1024, 'a');
    while (open && written < 64 * 1024 * 1024) {
      written += chunk.length;
      if (!socket.write(chunk))
        await new Promise((resolve) => {
          socket.once('drain', resolve);
          socket.once('close', resolve);
        });
    }
    await closed;
    expect(written).toBeLessThan(64 * 1024 * 1024);
  });

  it('refuses a chunked body to /api/auth/* once it passes the cap, without waiting for its end', async () => {
    const answer = await rawRequest(
      'POST /api/auth/signout HTTP/1.1\nHost: 127.0.0.1\nContent-Type: application/x-www-form-urlencoded\nTransfer-Encoding: chunked\n',
      chunked(64 * 1024),
    );
    expectApiErrorBody(answer, 413, 'PAYLOAD_TOO_LARGE');
  });

  it('reads and drops a refused body of ordinary size, so the client can finish sending and reuse the connection', async () => {
    const socket = connect(server.port, '127.0.0.1');
    socket.setEncoding('latin1');
    let received = '';
    const statuses = () => [...received.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((m) => Number(m[1]));
    const answered = new Promise<void>((resolve) => {
      socket.on('data', (d) => {
        received += d;
        if (statuses().length === 2) resolve();
      });
      socket.on('close', () => resolve());
    });
    const body = 'a'.repeat(512 * 1024);
    // The refused signup, then a second request on the same connection: answered only if the first body was read.
    socket.write(
      `POST /api/email-marketing-signup HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    socket.write(body);
    socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    await answered;
    socket.destroy();
    expect(statuses()).toEqual([413, 200]);
  });

  it('still takes an auth form under the cap', async () => {
    const res = await fetch(`${server.url}/api/auth/signout`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'csrfToken=x',
    });
    expect(res.status).not.toBe(413);
    expect(res.status).toBeLessThan(500);
  });

  it.each([
    ['/api/chat', 64 * 1024],
    ['/api/email-marketing-signup', 16 * 1024],
    ['/api/course-registration', 16 * 1024],
  ])('refuses a chunked body over the cap of %s (%i bytes) as JSON', async (path, cap) => {
    const answer = await rawRequest(
      `POST ${path} HTTP/1.1\nHost: 127.0.0.1\nContent-Type: application/json\nTransfer-Encoding: chunked\n`,
      chunked(cap + 8192),
    );
    expectApiErrorBody(answer, 413, 'PAYLOAD_TOO_LARGE');
  });

  it('answers /mcp over its cap the way the MCP transport does, with a JSON-RPC error', async () => {
    const answer = await rawRequest(
      `POST /mcp HTTP/1.1\nHost: 127.0.0.1\nContent-Type: application/json\nAccept: application/json, text/event-stream\nContent-Length: ${10 * 1024 * 1024}\n`,
      '{',
    );
    expect(answer.status).toBe(413);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(JSON.parse(answer.body)).toMatchObject({ jsonrpc: '2.0', error: { code: -32000 }, id: null });
  });

  it('caps routes that take no body small: /api/health, /api/search, a page', async () => {
    for (const path of ['/api/health', '/api/search?q=greek']) {
      expectApiErrorBody(
        await rawRequest(`POST ${path} HTTP/1.1\nHost: 127.0.0.1\nContent-Length: ${1024 * 1024}\n`),
        413,
        'PAYLOAD_TOO_LARGE',
      );
    }
    const page = await rawRequest(`POST /about/ HTTP/1.1\nHost: 127.0.0.1\nContent-Length: ${1024 * 1024}\n`);
    expect(page.status).toBe(413);
    expect(page.headers['content-type']).toBe('text/plain; charset=utf-8');
    const get = await rawRequest(
      `GET /api/health HTTP/1.1\nHost: 127.0.0.1\nTransfer-Encoding: chunked\n`,
      chunked(16 * 1024),
    );
    expectApiErrorBody(get, 413, 'PAYLOAD_TOO_LARGE');
  });

  it('keeps a small body on a route that takes none answering as before', async () => {
    const res = await fetch(`${server.url}/api/health`, { method: 'POST', body: '{}' });
    expect(res.status).toBe(405);
  });
});

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE', 'FOO'];
const PATHS = [
  '/',
  '/about/',
  '/search?q=greek',
  '/api/health',
  '/api/search',
  '/api/chat',
  '/api/unknown',
  '/api/auth/session',
  '/mcp',
  '/openapi.json',
  '/.well-known/api-catalog',
  '/staff/',
  '/no-such-page/',
];
const isApi = (path: string) => path.startsWith('/api/');

function send(method: string, path: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: server.port,
        method,
        path,
        headers: { Accept: 'application/json, text/event-stream' },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d) => {
          body += d;
        });
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers as Record<string, string>, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('every method on every path gets a deliberate answer', () => {
  it.each(PATHS)(
    '%s: no 500 (a 503 AI_UNAVAILABLE is deliberate), no dropped connection; /api/* answers JSON ApiError errors; 405 carries Allow',
    async (path) => {
      for (const method of METHODS) {
        const answer = await send(method, path);
        const where = `${method} ${path} → ${answer.status} ${answer.headers['content-type']}`;
        expect(answer.status, where).not.toBe(500);
        if (answer.status === 405) expect(answer.headers.allow, where).toMatch(/^[A-Z]+(, [A-Z]+)*$/);
        if (isApi(path) && answer.status >= 400) {
          expect(answer.headers['content-type'], where).toBe('application/json; charset=utf-8');
          if (method !== 'HEAD') expect(apiErrorSchema.safeParse(JSON.parse(answer.body)).success, where).toBe(true);
        }
      }
    },
  );

  it.each([
    ['TRACE', '/api/health', 'GET, HEAD'],
    ['TRACE', '/api/chat', 'POST'],
    ['TRACE', '/', 'GET, HEAD'],
    ['POST', '/', 'GET, HEAD'],
    ['DELETE', '/about/', 'GET, HEAD'],
    ['POST', '/staff/', 'GET, HEAD'],
    ['PUT', '/search', 'GET, HEAD'],
  ])('%s %s is 405 with Allow: %s', async (method, path, allow) => {
    const answer = await send(method, path);
    expect(answer.status).toBe(405);
    expect(answer.headers.allow).toBe(allow);
  });

  it('names the method it refused', async () => {
    const answer = await send('TRACE', '/api/health');
    expectApiErrorBody(answer, 405, 'METHOD_NOT_ALLOWED');
    expect(JSON.parse(answer.body).error.message).toContain('TRACE');
  });

  it('answers a method the HTTP parser does not know, and CONNECT, as JSON 405 under /api/', async () => {
    const foo = await rawRequest('FOO /api/health HTTP/1.1\nHost: 127.0.0.1\n');
    expectApiErrorBody(foo, 405, 'METHOD_NOT_ALLOWED');
    expect(foo.headers.allow).toBe('GET, HEAD, POST');
    const page = await rawRequest('FOO / HTTP/1.1\nHost: 127.0.0.1\n');
    expect(page.status).toBe(405);
    const tunnel = await rawRequest('CONNECT /api/health HTTP/1.1\nHost: 127.0.0.1\n');
    expectApiErrorBody(tunnel, 405, 'METHOD_NOT_ALLOWED');
  });

  it('answers a 404 for other methods on paths that do not exist', async () => {
    expect((await send('POST', '/no-such-page/')).status).toBe(404);
    expect((await send('TRACE', '/api/unknown')).status).toBe(404);
  });

  it.each(['/api/%E0%A4%A', '/api/search?q=%E0%A4%A', '/.well-known/%FF'])(
    'answers a malformed URL %s with a JSON 400 INVALID_QUERY',
    async (path) => {
      expectApiErrorBody(await send('GET', path), 400, 'INVALID_QUERY');
    },
  );

  it('answers a malformed page URL with a plain 400', async () => {
    const answer = await send('GET', '/%E0%A4%A');
    expect(answer.status).toBe(400);
    expect(answer.headers['content-type']).toBe('text/plain; charset=utf-8');
  });
});

describe('the last-resort 500', () => {
  let app: Server;
  let port: number;
  beforeAll(async () => {
    const config = getConfig();
    // A route handler that fails outside every route's own error handling.
    const astroHandler = () => Promise.reject(new Error('secret internals'));
    app = createServer(
      createApp({
        config,
        log: pino({ level: 'silent' }),
        clientDir: join(process.cwd(), 'dist/client'),
        astroHandler,
      }),
    );
    await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
    port = (app.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((resolve) => app.close(() => resolve())));

  it('is a JSON ApiError under /api/, without internals', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(res.status).toBe(500);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const text = await res.text();
    expect(text).not.toContain('secret');
    expect(apiErrorSchema.parse(JSON.parse(text)).error.code).toBe('INTERNAL_ERROR');
  });

  it('is plain text elsewhere', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/staff/`);
    expect(res.status).toBe(500);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
  });
});
